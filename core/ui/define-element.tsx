/**
 * The element factory (DESIGN §2): wraps a React component as a custom element with an open shadow root,
 * PrimeReact rendering inside that root (styles, overlays), the shared theme, an error boundary, the notice outlet
 * and the shared attributes `api-base`, `lang` and `route-mode`.
 */
import r2wc from '@r2wc/react-to-web-component';
import { useSignals } from '@preact/signals-react/runtime';
import { PrimeReactProvider } from 'primereact/api';
import { useEffect, useMemo, useRef, type ComponentType } from 'react';
import { elementClient, DEFAULT_API_BASE } from '../api/shared-client.js';
import { asLanguage, pageLanguage, type Language } from '../i18n/language.js';
import type { Namespace } from '../i18n/catalogues.js';
import { translator } from '../i18n/i18n.js';
import { CatalogueFailure, useShownLanguage } from './catalogue-loading.js';
import { adoptToken, sessionToken, signedOutUnhandled } from '../session/session.js';
import { trackElementHost } from '../session/element-hosts.js';
import { ensureSessionUser } from '../session/session-user.js';
import { emit } from './emit.js';
import { ElementContext, type ElementContextValue, type RouteMode } from './element-context.js';
import { ElementErrorBoundary } from './error-boundary.js';
import { ensureNoticeHost } from './notice-host.js';
import { adoptElementStyles, primeStyleSink, sheetFrom } from './styles.js';
import { attributeName, COMMON_ATTRIBUTES, parseAttribute, type AttributeSchema } from './attributes.js';

/** The attributes every element has, as properties. */
export interface CommonElementProps {
  /** API base URL, default `/api`. */
  apiBase?: string;
  /** `zh-CN` or `en-US` (also `zh_CN`/`en_US`); defaults to `<html lang>`, then the stored console language. */
  lang?: string;
  /** `hash`, `history` or `none`. */
  routeMode?: RouteMode;
}

/** Options of `defineElement`. */
export interface DefineElementOptions {
  /** The element's own attributes (its `attributes.ts`), by camelCase property name. */
  attributes?: AttributeSchema;
  /** The element's i18n namespace. */
  namespace: Namespace;
  /**
   * Other namespaces its parts translate with (`rules`, `condition-builder`, another element's), loaded with its own
   * and `common` before it first renders. test/core/ui/element-namespaces.test.ts checks the list against the parts.
   */
  uses?: readonly Namespace[];
  /** The element's own CSS, adopted after the shared sheets (one constructed sheet shared by its instances). */
  styles?: string;
  /**
   * `required` (the default, every feature element): until a session token exists the element shows a "sign in to
   * see this" notice and makes no call; when the token arrives it starts, so a page may add the element first and
   * sign in after. Once started it stays mounted when the session ends (expiry keeps what was typed).
   * `optional`: the element renders without a session (the demo host, whose sign-in pages need none).
   */
  session?: 'required' | 'optional';
}

type RawProps = Record<string, unknown> & { container?: ShadowRoot };

/** An attribute whose value is not allowed, as reported. */
interface InvalidAttribute {
  name: string;
  value: string;
  allowed: string;
}

/** The allowed values of `lang` (checked here: `lang` is also HTML's global attribute, so it is a string spec). */
const LANG_ALLOWED = '"zh-CN" | "en-US" | "zh_CN" | "en_US"';

/** Parses raw attribute/property values by the schema; invalid ones get their default and are listed. */
function parseAttributes(raw: RawProps, schema: AttributeSchema): { props: Record<string, unknown>; invalid: InvalidAttribute[] } {
  const props: Record<string, unknown> = {};
  const invalid: InvalidAttribute[] = [];
  for (const [name, spec] of Object.entries(schema)) {
    const parsed = parseAttribute(spec, raw[name]);
    props[name] = parsed.value;
    if (!parsed.ok) invalid.push({ name: attributeName(name), value: String(raw[name]), allowed: parsed.allowed });
  }
  if (typeof raw.lang === 'string' && raw.lang.trim() !== '' && !asLanguage(raw.lang)) {
    invalid.push({ name: 'lang', value: raw.lang, allowed: LANG_ALLOWED });
  }
  return { props, invalid };
}

/**
 * The page's own language: `<html lang>` when it is one of ours (DESIGN §2; `en`, `en-GB`, `zh-Hans` count by their
 * language), else the stored console language.
 */
function documentLanguage(host: HTMLElement): Language {
  const tag = host.ownerDocument.documentElement.getAttribute('lang')?.trim() ?? '';
  const primary = tag.toLowerCase().split(/[-_]/)[0];
  return asLanguage(tag) ?? (primary === 'en' ? 'en_US' : primary === 'zh' ? 'zh_CN' : pageLanguage.value);
}

/** r2wc's per-element prop store and re-render hook: `Symbol.for` keys, the library's shared names for them. */
const R2WC_PROPS = Symbol.for('r2wc.props');
const R2WC_RENDER = Symbol.for('r2wc.render');
interface R2wcInternals {
  [R2WC_PROPS]: Record<string, unknown>;
  [R2WC_RENDER](): void;
}

/**
 * Registers `tag` (once; a second call is ignored so two bundles on one page do not throw). Returns the element
 * class. The component receives its own attributes, parsed by its schema, as props and reaches the rest through
 * `useElement()`.
 */
export function defineElement<Props extends object>(
  tag: string,
  Component: ComponentType<Props>,
  options: DefineElementOptions,
): CustomElementConstructor {
  const existing = customElements.get(tag);
  if (existing) return existing;
  const schema: AttributeSchema = { ...COMMON_ATTRIBUTES, ...options.attributes };
  const namespaces: readonly Namespace[] = [...new Set<Namespace>([options.namespace, 'common', ...(options.uses ?? [])])];

  function ElementShell(raw: RawProps) {
    useSignals();
    const root = raw.container as ShadowRoot;
    const host = root.host as HTMLElement;
    const { props, invalid } = parseAttributes(raw, schema);
    const requestedLanguage: Language = asLanguage(raw.lang) ?? documentLanguage(host);
    const texts = useShownLanguage(host, tag, requestedLanguage, namespaces);
    const language = texts.language;
    const apiBase = (props.apiBase as string | undefined) || DEFAULT_API_BASE;
    const routeMode = props.routeMode as RouteMode;
    const invalidKey = invalid.map((entry) => `${entry.name}=${entry.value}`).join('\u0000');

    // Null until the element's texts are loaded in a language it can show.
    const context = useMemo<ElementContextValue | null>(
      () =>
        language
          ? {
              host,
              root,
              language,
              apiBase,
              routeMode,
              client: elementClient(host, apiBase, language),
              namespace: options.namespace,
              emit: (name, detail, emitOptions) => emit(host, name, detail, emitOptions),
            }
          : null,
      [host, root, language, apiBase, routeMode],
    );

    // The user's edition flag decides plan notices; on a partner's page nobody else reads it (read once per page).
    const token = sessionToken.value;
    // Whether the component has been shown: it waits for a first session, then stays (see `session`).
    const started = useRef(false);
    useEffect(() => {
      if (context && token && options.session !== 'optional') ensureSessionUser(context.client);
    }, [context, token]);

    // A bad value is said, never replaced in silence: a console warning for the page's developer, ec-error for its code.
    useEffect(() => {
      for (const entry of invalid) {
        const message = `<${tag}> ${entry.name}="${entry.value}" is not allowed (allowed: ${entry.allowed}); the default is used.`;
        console.warn(message);
        emit(host, 'ec-error', { source: tag, message, kind: 'attribute' });
      }
    }, [invalidKey]);

    if (!language || !context) {
      // First render: the texts are on their way (a few KB); nothing is shown rather than keys.
      return texts.failed ? <CatalogueFailure language={requestedLanguage} onRetry={texts.retry} /> : null;
    }
    const t = translator(language);
    const signedOut = signedOutUnhandled.value && !sessionToken.value;
    started.current ||= options.session === 'optional' || Boolean(token);
    return (
      <PrimeReactProvider value={{ styleContainer: primeStyleSink(host.ownerDocument), appendTo: 'self', ripple: false }}>
        <ElementContext.Provider value={context}>
          <div className="ec-element-root" part="root">
            {texts.failed && <CatalogueFailure language={requestedLanguage} onRetry={texts.retry} />}
            {invalid.map((entry) => (
              <div key={entry.name} role="alert" className="ec-error-text" part="attribute-error">
                {t('element.bad-attribute-value', { name: entry.name, value: entry.value, allowed: entry.allowed })}
              </div>
            ))}
            {signedOut && (
              <div role="alert" className="ec-signed-out" part="signed-out">
                {t('session.signed-out')}
              </div>
            )}
            {started.current ? (
              <ElementErrorBoundary host={host} tag={tag} language={language}>
                <Component {...(props as Props)} />
              </ElementErrorBoundary>
            ) : (
              !signedOut && (
                <div role="status" className="ec-signed-out" part="signed-out">
                  {t('session.waiting-for-session')}
                </div>
              )
            )}
          </div>
        </ElementContext.Provider>
      </PrimeReactProvider>
    );
  }
  ElementShell.displayName = `${tag}-shell`;

  // r2wc is told every attribute is a string, so it hands over the raw text; the schema parses it above. It ignores
  // a removed attribute and a property set to null, so this class takes both over: the value becomes absent and
  // the default applies (DESIGN §2).
  const r2wcTypes: Record<string, 'string'> = {};
  for (const name of Object.keys(schema)) r2wcTypes[name] = 'string';
  const Base = r2wc(ElementShell as ComponentType<RawProps>, { shadow: 'open', props: r2wcTypes }) as unknown as {
    new (): HTMLElement & R2wcInternals & { connectedCallback(): void; disconnectedCallback(): void };
  };
  const propertyOf = new Map(Object.keys(schema).map((name) => [attributeName(name), name]));

  let ownSheet: CSSStyleSheet | undefined;
  class EcElement extends Base {
    override connectedCallback(): void {
      trackElementHost(this, true);
      ensureNoticeHost(this.ownerDocument);
      if (this.shadowRoot) {
        adoptElementStyles(this.shadowRoot);
        if (options.styles) {
          ownSheet ??= sheetFrom(options.styles);
          if (!this.shadowRoot.adoptedStyleSheets.includes(ownSheet)) {
            this.shadowRoot.adoptedStyleSheets = [...this.shadowRoot.adoptedStyleSheets, ownSheet];
          }
        }
      }
      super.connectedCallback();
    }

    override disconnectedCallback(): void {
      trackElementHost(this, false);
      super.disconnectedCallback();
    }

    attributeChangedCallback(name: string, _previous: string | null, value: string | null): void {
      const property = propertyOf.get(name);
      if (!property) return;
      this[R2WC_PROPS][property] = value ?? undefined;
      this[R2WC_RENDER]();
    }

    /** The session token, as a JS property only (never an attribute, DESIGN §2). Shared by every element. */
    set token(value: string | null) {
      adoptToken(value);
    }
    get token(): string | null {
      return null; // Write-only: a token is never read back from the DOM.
    }
  }
  // Properties: any value the schema accepts (a number for `pageSize`, an object for a JSON attribute); null or
  // undefined restores the default. Reading gives the value in effect.
  for (const [name, spec] of Object.entries(schema)) {
    Object.defineProperty(EcElement.prototype, name, {
      configurable: true,
      enumerable: true,
      get(this: EcElement) {
        return parseAttribute(spec, this[R2WC_PROPS][name]).value;
      },
      set(this: EcElement, value: unknown) {
        this[R2WC_PROPS][name] = value ?? undefined;
        this[R2WC_RENDER]();
      },
    });
  }
  customElements.define(tag, EcElement);
  return EcElement;
}
