import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { readdirSync } from 'node:fs';
import { catalogueLoader, type Catalogue, type Namespace } from '../../../core/i18n/catalogues.js';
import { NAMESPACES } from '../../../core/i18n/namespaces/all.js';
import { cataloguesLoaded, loadCatalogues, translator } from '../../../core/i18n/i18n.js';
import type { Language } from '../../../core/i18n/language.js';

/** Every catalogue, read through the loaders the elements use (so a loader pointing at the wrong file fails here). */
const RESOURCES = { zh_CN: {}, en_US: {} } as Record<Language, Record<Namespace, Catalogue>>;

/** Flattens a nested catalogue into dotted keys. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('DESIGN §6 i18n: zh_CN and en_US have the same keys', () => {
  const namespaces = NAMESPACES;
  before(async () => {
    for (const language of ['zh_CN', 'en_US'] as const) {
      for (const namespace of namespaces) RESOURCES[language][namespace] = (await catalogueLoader(language, namespace)()).default;
    }
  });
  it('both languages have the same namespaces, and every catalogue file has its registration', () => {
    const files = (language: Language) => readdirSync(new URL(`../../../core/i18n/locales/${language}/`, import.meta.url)).map((name) => name.replace(/\.json$/, '')).sort();
    assert.deepEqual(files('en_US'), files('zh_CN'));
    assert.deepEqual(files('en_US'), [...namespaces].sort());
  });
  for (const namespace of namespaces) {
    it(`namespace "${namespace}" has identical keys and no empty texts`, () => {
      const zh = keysOf(RESOURCES.zh_CN[namespace]).sort();
      const en = keysOf(RESOURCES.en_US[namespace]).sort();
      assert.deepEqual(zh, en);
      for (const [language, catalogue] of [['zh_CN', RESOURCES.zh_CN[namespace]], ['en_US', RESOURCES.en_US[namespace]]] as const) {
        for (const key of keysOf(catalogue)) {
          const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
          assert.equal(typeof text, 'string', `${language}:${namespace}:${key} is text`);
          if (key.endsWith('duration-separator')) continue; // Chinese joins duration parts with no separator.
          assert.notEqual((text as string).trim(), '', `${language}:${namespace}:${key} is not empty`);
        }
      }
    });
  }
  it('keys are kebab-case (Grafana style)', () => {
    for (const namespace of namespaces) {
      for (const key of keysOf(RESOURCES.en_US[namespace])) {
        for (const part of key.split('.')) {
          assert.match(part, /^[a-z0-9]+(-[a-z0-9]+)*(_(one|other|zero|two|few|many))?$/, `${namespace}:${key}`);
        }
      }
    }
  });
  it('catalogues load per language and namespace: loading one language leaves the other unloaded', async () => {
    await loadCatalogues('en_US', ['domain-list']);
    assert.ok(cataloguesLoaded('en_US', ['domain-list']));
    assert.ok(!cataloguesLoaded('zh_CN', ['domain-list']), 'zh_CN domain-list is loaded only when asked for');
    assert.ok(!cataloguesLoaded('en_US', ['waf-rules']));
  });
  it('zh_CN is the default and fallback language', async () => {
    await loadCatalogues('zh_CN', ['common']);
    await loadCatalogues('en_US', ['common']);
    assert.equal(translator('zh_CN')('action.save'), '保存');
    assert.equal(translator('en_US')('action.save'), 'Save');
  });
});
