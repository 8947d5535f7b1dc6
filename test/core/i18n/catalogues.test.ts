import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RESOURCES } from '../../../core/i18n/resources.js';
import { translator } from '../../../core/i18n/i18n.js';

/** Flattens a nested catalogue into dotted keys. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('DESIGN §6 i18n: zh_CN and en_US have the same keys', () => {
  const namespaces = Object.keys(RESOURCES.zh_CN) as (keyof typeof RESOURCES.zh_CN)[];
  it('both languages have the same namespaces', () => {
    assert.deepEqual(Object.keys(RESOURCES.en_US).sort(), [...namespaces].sort());
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
  it('zh_CN is the default and fallback language', () => {
    assert.equal(translator('zh_CN')('action.save'), '保存');
    assert.equal(translator('en_US')('action.save'), 'Save');
  });
});
