/**
 * A harness for the protection card editors (issue 22): an element built with `defineElement` like every real one
 * (PrimeReact in the shadow root, theme, context, `lang`) that loads an editor through the lazy registry
 * (elements/web-security/cards/index.ts) and holds its value, as the strategy page does, so a test renders each editor
 * directly and reads what reached onChange.
 */
import { fixture, html, waitUntil } from '@open-wc/testing';
import { useEffect, useState, type ComponentType } from 'react';
import type { PackageAllow } from '../../../core/api/endpoints/platform.js';
import { toLocaleTag, type Language } from '../../../core/i18n/language.js';
import type { FieldIssue } from '../../../core/rules/types.js';
import { securityCardDefaults, type SecurityCardName, type SecurityCardValues } from '../../../core/security/cards.js';
import { attr } from '../../../core/ui/attributes.js';
import { defineElement } from '../../../core/ui/define-element.js';
import '../../../core/i18n/namespaces/rules.js';
import '../../../core/i18n/namespaces/security-cards.js';
import type { CardEditorProps } from '../../../elements/web-security/cards/card-editor.js';
import { CARD_EDITORS } from '../../../elements/web-security/cards/index.js';

/** Every mode and block page type allowed. */
export const ALLOW_ALL: PackageAllow = { https: true, domain_proxy_conf: true, cloud_waf: { waf_mode: ['observe', 'block', 'ban'] }, waf_block_diy_page: { type: ['default', 'html', 'url'] } };

interface Scene {
  name: SecurityCardName;
  initial: unknown;
  issues: readonly FieldIssue[];
  editable: boolean;
  allow: PackageAllow;
  changes: unknown[];
}

const scenes = new Map<string, Scene>();
let next = 0;

function CardProbe({ scene }: { scene?: string }) {
  const found = scene ? scenes.get(scene) : undefined;
  const [Editor, setEditor] = useState<ComponentType<CardEditorProps<SecurityCardName>> | null>(null);
  const [value, setValue] = useState<unknown>(found?.initial);
  useEffect(() => {
    if (!found) return;
    void (CARD_EDITORS[found.name] as () => Promise<{ default: ComponentType<CardEditorProps<SecurityCardName>> }>)().then((module) => setEditor(() => module.default));
  }, [found]);
  if (!found || !Editor) return null;
  return (
    <div className="ec-root" data-scene={scene}>
      <Editor
        name={found.name}
        value={value as SecurityCardValues[SecurityCardName]}
        issues={found.issues}
        editable={found.editable}
        allow={found.allow}
        onChange={(changed) => {
          found.changes.push(changed);
          setValue(changed);
        }}
      />
    </div>
  );
}

defineElement('ec-card-probe', CardProbe, { session: 'optional', namespace: 'security-cards', uses: ['rules'], attributes: { scene: attr.string('Which scene to show.') } });

/** What a test gets back: the element, its shadow root and every value handed to onChange. */
export interface RenderedEditor<N extends SecurityCardName> {
  element: HTMLElement;
  root: ShadowRoot;
  changes: SecurityCardValues[N][];
  last(): SecurityCardValues[N];
}

/** Renders the editor of `name` with a value (default: the card's defaults, switched on). */
export async function renderEditor<N extends SecurityCardName>(
  name: N,
  options: { value?: Partial<SecurityCardValues[N]>; issues?: FieldIssue[]; editable?: boolean; allow?: PackageAllow; language?: Language } = {},
): Promise<RenderedEditor<N>> {
  const id = `card-${next++}`;
  const changes: SecurityCardValues[N][] = [];
  scenes.set(id, {
    name,
    initial: { ...securityCardDefaults(name), enabled: true, ...options.value },
    issues: options.issues ?? [],
    editable: options.editable ?? true,
    allow: options.allow ?? ALLOW_ALL,
    changes: changes as unknown[],
  });
  const element = await fixture<HTMLElement>(html`<ec-card-probe lang=${toLocaleTag(options.language ?? 'en_US')} scene=${id}></ec-card-probe>`);
  await waitUntil(() => element.shadowRoot?.querySelector(`[data-scene="${id}"] [data-card="${name}"]`), `the ${name} editor renders`, { timeout: 10000 });
  const root = element.shadowRoot!;
  return { element, root, changes, last: () => changes[changes.length - 1]! };
}

/** The radio or checkbox whose label reads `label` inside a group named by its legend (or anywhere). */
export function option(root: ShadowRoot | Element, label: string | RegExp, group?: string | RegExp): HTMLInputElement {
  const matches = (text: string | null, wanted: string | RegExp) => (typeof wanted === 'string' ? (text ?? '').trim() === wanted : wanted.test(text ?? ''));
  const scopes = group
    ? Array.from(root.querySelectorAll('fieldset')).filter((set) => matches(set.querySelector(':scope > legend')?.textContent ?? null, group))
    : [root];
  if (scopes.length === 0) throw new Error(`no group ${String(group)}`);
  for (const scope of scopes) {
    const found = Array.from(scope.querySelectorAll('label')).find((candidate) => matches(candidate.textContent, label));
    if (found) return (root instanceof ShadowRoot ? root : (root.getRootNode() as ShadowRoot)).getElementById(found.getAttribute('for')!) as HTMLInputElement;
  }
  throw new Error(`no option ${String(label)} in ${String(group)}`);
}

/** The text field or textarea whose label reads `label`. */
export function textField(root: ShadowRoot, label: string | RegExp): HTMLInputElement | HTMLTextAreaElement {
  const found = Array.from(root.querySelectorAll('.ec-field > label, .ec-field label')).find((candidate) => (typeof label === 'string' ? candidate.textContent?.trim() === label : label.test(candidate.textContent ?? '')));
  if (!found) throw new Error(`no field ${String(label)}`);
  return root.getElementById(found.getAttribute('for')!) as HTMLInputElement;
}

/** Types the way React notices. */
export function type(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!;
  setter.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Messages shown, in order. */
export const errors = (root: ShadowRoot) => Array.from(root.querySelectorAll('.ec-error-text')).map((node) => node.textContent?.trim());
