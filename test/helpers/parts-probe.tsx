/**
 * A probe element for the shared parts' browser tests. A test hands `renderPart` a small component (it may use hooks
 * and state); the probe element, built with `defineElement` like every real element, renders it inside its shadow
 * root, so each part is tested with the real factory: PrimeReact in the shadow root, theme, context and `lang`.
 */
import { fixture, html, waitUntil } from '@open-wc/testing';
import type { ComponentType } from 'react';
import { toLocaleTag, type Language } from '../../core/i18n/language.js';
import { attr } from '../../core/ui/attributes.js';
import { defineElement } from '../../core/ui/define-element.js';
import '../../core/i18n/namespaces/condition-builder.js';
import '../../core/i18n/namespaces/rules.js';
import '../../core/i18n/namespaces/password-strength.js';

const scenes = new Map<string, ComponentType>();
let nextScene = 0;

function PartsProbe({ scene }: { scene?: string }) {
  const Scene = scene ? scenes.get(scene) : undefined;
  return (
    <div className="ec-root" data-scene={scene}>
      {Scene && <Scene />}
    </div>
  );
}

// The shared parts show texts of these namespaces (the condition builder and the strength meter their own, the
// validators the rules').
defineElement('ec-parts-probe', PartsProbe, { session: 'optional', namespace: 'common', uses: ['condition-builder', 'rules', 'password-strength'], attributes: { scene: attr.string('Which scene to show.') } });

/**
 * Renders `Scene` inside a fresh `<ec-parts-probe>` in the given language and waits for it. The `lang` attribute is
 * written as its BCP 47 tag (`zh-CN`), the form that is valid for HTML's global `lang` attribute.
 */
export async function renderPart(Scene: ComponentType, language: Language = 'en_US'): Promise<HTMLElement> {
  const id = `scene-${nextScene++}`;
  scenes.set(id, Scene);
  const element = await fixture<HTMLElement>(html`<ec-parts-probe lang=${toLocaleTag(language)} scene=${id}></ec-parts-probe>`);
  await waitUntil(() => element.shadowRoot?.querySelector(`.ec-root[data-scene="${id}"]`), `scene ${id} renders`);
  return element;
}

/** The probe's shadow root. */
export function shadow(element: HTMLElement): ShadowRoot {
  return element.shadowRoot!;
}

/** Sets an input's value the way typing does, so React's onChange fires. */
export function typeInto(input: HTMLInputElement, text: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Both console languages, for tests that run once per language. */
export const LANGUAGES = ['zh_CN', 'en_US'] as const;

