import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import en from '../../../core/i18n/locales/en_US/rules.json';
import zh from '../../../core/i18n/locales/zh_CN/rules.json';
import { loadCatalogues, translator } from '../../../core/i18n/i18n.js';
import '../../../core/i18n/namespaces/rules.js';

// Catalogues load on demand (core/i18n/catalogues.ts); these tests translate synchronously.
for (const language of ['zh_CN', 'en_US'] as const) await loadCatalogues(language, ['rules', 'common']);

type Catalogue = { [key: string]: string | Catalogue };

function leaves(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [inner, text] of leaves(value, `${prefix}${key}.`)) out.set(inner, text);
  }
  return out;
}

const enKeys = leaves(en as Catalogue);
const zhKeys = leaves(zh as Catalogue);
const namespaces = Object.keys(en);
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

/** The quoted `area.phrase` literals of the rules namespace in a source tree (`.ts` and `.tsx`). */
function keysIn(root: string, keys = new Set<string>()): Set<string> {
  const pattern = new RegExp(`'((?:${namespaces.join('|')})\\.[a-z0-9-]+)'`, 'g');
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = `${root}/${entry.name}`;
    if (entry.isDirectory()) keysIn(path, keys);
    else if (/\.tsx?$/.test(entry.name)) for (const match of readFileSync(path, 'utf8').matchAll(pattern)) keys.add(match[1]!);
  }
  return keys;
}

const repo = fileURLToPath(new URL('../../../', import.meta.url));
/** Every key the rules can return (core/rules), and every key any code uses (features may add their own). */
const returnedByRules = keysIn(`${repo}core/rules`);
const usedAnywhere = ['core', 'elements', 'demo'].reduce((keys, dir) => keysIn(`${repo}${dir}`, keys), new Set<string>());

describe('rules §8 messages: the rules namespace in zh_CN and en_US', () => {
  it('both languages have the same keys, kebab-case, grouped by area', () => {
    assert.deepEqual([...zhKeys.keys()].sort(), [...enKeys.keys()].sort());
    for (const key of enKeys.keys()) assert.match(key, /^[a-z0-9-]+\.[a-z0-9-]+$/, key);
  });
  it('every key a rule can return exists in both catalogues, and every message is used somewhere', () => {
    assert.ok(returnedByRules.size > 100, `found ${returnedByRules.size} keys in core/rules`);
    for (const key of returnedByRules) {
      assert.ok(enKeys.has(key), `en_US lacks ${key}`);
      assert.ok(zhKeys.has(key), `zh_CN lacks ${key}`);
    }
    for (const key of enKeys.keys()) assert.ok(usedAnywhere.has(key), `${key} is used by no code`);
  });
  it('both languages interpolate the same values', () => {
    for (const [key, text] of enKeys) assert.deepEqual(placeholders(zhKeys.get(key)!), placeholders(text), key);
  });
  it('zh_CN (the default language) is written in Chinese', () => {
    for (const [key, text] of zhKeys) assert.match(text, /[\u4e00-\u9fff]/, key);
  });
  it('rules §8 wording: the spec messages are present', () => {
    const texts = new Set(enKeys.values());
    for (const message of [
      'Format Error',
      'Please fill in',
      'Incorrect IP address',
      'The URL is incorrect',
      'Please enter a valid URL',
      'Please start with /',
      'Port already exists',
      'Please fill in the IP address',
      'Must include a main line',
      'Domain format error',
      'Please check the duplicate domain',
      'Please select a domain',
      'Cannot be empty',
      'Add at least one rule',
      'Size limit exceeded (64K)',
      'Only txt files',
      'Incomplete, unable to download',
      'Illegal or invalid timestamp (difference over one hour)',
      'The two password inputs are inconsistent',
    ]) {
      assert.ok(texts.has(message), message);
    }
    assert.equal(enKeys.get('dns.more-than-100-lines'), 'More than {{max}} lines');
  });
  it('i18next renders every message in both languages with its values filled in', () => {
    const values = { min: 1, max: 50, count: 3, offset: 4, name: 'n', escape: '\\y', verb: 'X', terminator: '>', domain: 'a.com', domains: 'a.com', date: '2024-12-19', days: 30, options: '60, 600, 3600', types: 'xlsx, xls', available: 2, network: '10.0.0.0/8', priority: 2, host: 'a.com', token: ')', field: 'status', operator: '~', allowed: '= !=', value: '"x"', ids: '1', line: 3, message: 'm', port: 8081, ports: '80, 443', seconds: 60, length: 6, hours: 24, launches: 50, premiumHours: 48, premiumLaunches: 50, normalHours: 8, normalLaunches: 20, region: 'ZZ', path: 'v5/x' };
    for (const language of ['zh_CN', 'en_US'] as const) {
      const t = translator(language, 'rules');
      for (const key of enKeys.keys()) {
        const text = t(key, values);
        assert.notEqual(text, key, `${language} ${key} is missing`);
        assert.doesNotMatch(text, /\{\{/, `${language} ${key} left a placeholder`);
      }
    }
    assert.equal(translator('zh_CN', 'rules')('dns.mx-priority-range', { min: 1, max: 50 }), 'MX 优先级范围为 1-50');
  });
});
