/**
 * The element factory (DESIGN §2): wraps a React component as a custom element with an open shadow root,
 * PrimeReact rendering inside that root (styles, overlays), the shared theme, an error boundary, the notice outlet
 * and the shared attributes `api-base`, `lang` and `route-mode`.
 */
import r2wc from '@r2wc/react-to-web-component';
import { useSignals } from '@preact/signals-react/runtime';
import { PrimeReactProvider } from 'primereact/api';
import { useEffect, useMemo, type ComponentType } from 'react';
import { getApiClient, DEFAULT_API_BASE } from '../api/shared-client.js';
import { asLanguage, pageLanguage, type Language } from '../i18n/language.js';
import type { Namespace } from '../i18n/catalogues.js';
import { translator } from '../i18n/i18n.js';
import { CatalogueFailure, useShownLanguage } from './catalogue-loading.js';
import { sessionToken } from '../session/session.js';
import { emit } from './emit.js';
import { ElementContext, type ElementContextValue, type RouteMode } from './element-context.js';
import { ElementErrorBoundary } from './error-boundary.js';
import { NoticeOutlet } from './notice-outlet.js';
import { adoptElementStyles, sheetFrom } from './styles.js';

/**
 * Attribute types. `boolean` is written "true"/"false" (r2wc parses /^[ty1-9]/i); `json` is parsed here, not by
 * r2wc, so bad JSON gives a clear message instead of an exception in attributeChangedCallback.
 */
export type AttributeType = 'string' | 'number' | 'boolean' | 'json';

/** The attributes every element has. */
export interface CommonElementProps {
  /** API base URL, default `/api`. */
  apiBase?: string;
  /** `zh_CN` or `en_US`; defaults to the page language. */
  lang?: string;
  /** `hash` (embedded) or `history` (standalone). */
  routeMode?: string;
}

/** Options of `defineElement`. */
export interface DefineElementOptions<Props> {
  /** The element's own attributes, by camelCase prop name (mapped to kebab-case attributes). */
  attributes?: Partial<Record<Extract<keyof Props, string>, AttributeType>>;
  /** The element's i18n namespace. */
  namespace: Namespace;
  /**
   * Other namespaces its parts translate with (`rules`, `condition-builder`, another element's), loaded with its own
   * and `common` before it first renders. test/core/ui/element-namespaces.test.ts checks the list against the parts.
   */
  uses?: readonly Namespace[];
  /** The element's own CSS, adopted after the shared sheets (one constructed sheet shared by its instances). */
  styles?: string;
}

const COMMON_ATTRIBUTES: Record<keyof CommonElementProps, AttributeType> = {
  apiBase: 'string',
  lang: 'string',
  routeMode: 'string',
};

type RawProps = Record<string, unknown> & { container?: ShadowRoot };

/** Parses json attributes; returns the props and the names of attributes whose JSON was invalid. */
function parseJsonAttributes(raw: RawProps, types: Record<string, AttributeType>): { props: Record<string, unknown>; invalid: string[] } {
  const props: Record<string, unknown> = {};
  const invalid: string[] = [];
  for (const [name, value] of Object.entries(raw)) {
    if (name === 'container') continue;
    if (types[name] === 'json' && typeof value === 'string') {
      try {
        props[name] = JSON.parse(value);
      } catch {
        invalid.push(name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`));
      }
    } else {
      props[name] = value;
    }
  }
  return { props, invalid };
}

/**
 * Registers `tag` (once; a second call is ignored so two bundles on one page do not throw). Returns the element
 * class. The component receives its own attributes as props and reaches the rest through `useElement()`.
 */
export function defineElement<Props extends object>(
  tag: string,
  Component: ComponentType<Props>,
  options: DefineElementOptions<Props>,
): CustomElementConstructor {
  const existing = customElements.get(tag);
  if (existing) return existing;
  const types: Record<string, AttributeType> = { ...COMMON_ATTRIBUTES, ...(options.attributes as Record<string, AttributeType>) };
  const namespaces: readonly Namespace[] = [...new Set<Namespace>([options.namespace, 'common', ...(options.uses ?? [])])];

  function ElementShell(raw: RawProps) {
    useSignals();
    const root = raw.container as ShadowRoot;
    const host = root.host as HTMLElement;
    const requestedLanguage: Language = asLanguage(raw.lang) ?? pageLanguage.value;
    const texts = useShownLanguage(host, tag, requestedLanguage, namespaces);
    const language = texts.language;
    const apiBase = typeof raw.apiBase === 'string' && raw.apiBase ? raw.apiBase : DEFAULT_API_BASE;
    const routeMode: RouteMode = raw.routeMode === 'hash' ? 'hash' : 'history';
    const { props, invalid } = parseJsonAttributes(raw, types);
    const invalidKey = invalid.join(',');

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
              client: getApiClient(apiBase, language),
              namespace: options.namespace,
              emit: (name, detail, emitOptions) => emit(host, name, detail, emitOptions),
            }
          : null,
      [host, root, language, apiBase, routeMode],
    );

    useEffect(() => {
      for (const name of invalid) {
        emit(host, 'ec-error', { source: tag, message: `invalid JSON in attribute ${name}` });
      }
    }, [invalidKey]);

    if (!language || !context) {
      // First render: the texts are on their way (a few KB); nothing is shown rather than keys.
      return texts.failed ? <CatalogueFailure language={requestedLanguage} onRetry={texts.retry} /> : null;
    }
    const t = translator(language);
    return (
      <PrimeReactProvider value={{ styleContainer: root, appendTo: 'self', ripple: false }}>
        <ElementContext.Provider value={context}>
          <NoticeOutlet language={language} />
          {texts.failed && <CatalogueFailure language={requestedLanguage} onRetry={texts.retry} />}
          {invalid.map((name) => (
            <div key={name} role="alert" className="ec-error-text" part="attribute-error">
              {t('element.bad-attribute', { name })}
            </div>
          ))}
          <ElementErrorBoundary host={host} tag={tag} language={language}>
            <Component {...(props as Props)} />
          </ElementErrorBoundary>
        </ElementContext.Provider>
      </PrimeReactProvider>
    );
  }
  ElementShell.displayName = `${tag}-shell`;

  const r2wcTypes: Record<string, 'string' | 'number' | 'boolean'> = {};
  for (const [name, type] of Object.entries(types)) r2wcTypes[name] = type === 'json' ? 'string' : type;
  const Base = r2wc(ElementShell as ComponentType<RawProps>, { shadow: 'open', props: r2wcTypes }) as unknown as {
    new (): HTMLElement & { connectedCallback(): void };
  };

  let ownSheet: CSSStyleSheet | undefined;
  class EcElement extends Base {
    override connectedCallback(): void {
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

    /** The session token, as a JS property only (never an attribute, DESIGN §2). Shared by every element. */
    set token(value: string | null) {
      sessionToken.value = value || null;
    }
    get token(): string | null {
      return null; // Write-only: a token is never read back from the DOM.
    }
  }
  customElements.define(tag, EcElement);
  return EcElement;
}
