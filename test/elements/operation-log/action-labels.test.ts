/**
 * Every action the reference server records in the operation log has a label in both languages (issue 27: the user
 * center's account actions were shown by their ids). The server's calls are read from its source: each
 * `recordOperation(...)` and `writeIfChanged(...)` under demo/server/features (and each call of a helper that records
 * for its caller), the literal values of its `action` (both branches of a conditional), and for the few calls whose
 * action is a parameter, the values their callers pass, listed below and checked against the source so the list
 * cannot go stale unnoticed.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import en from '../../../core/i18n/locales/en_US/operation-log.json';
import zh from '../../../core/i18n/locales/zh_CN/operation-log.json';
import type { WebsiteStatusAction } from '../../../core/api/endpoints/websites.js';
import { CACHE_TASK_KINDS } from '../../../core/rules/cache-tasks.js';
import { ACTION_LABEL_KEYS, AREA_LABEL_KEYS } from '../../../elements/operation-log/labels.js';

const FEATURES = join(import.meta.dirname, '../../../demo/server/features');

/** Helpers that take the operation from their callers and record it (their callers' `action` values are read). */
const RECORDING_HELPERS: Record<string, string> = { 'dns/shared.ts': 'startDnsJob' };

/**
 * Calls whose action is a variable: the file, the variable, and where its values come from: the call sites of the
 * function it is a parameter of, or the values of the request field it was read from.
 */
const PARAMETER_ACTIONS: Record<string, { name: string; callee: string } | { name: string; values: readonly string[] }> = {
  'waf/policy-routes.ts': { name: 'action', callee: 'statusRoute' },
  'packages/routes.ts': { name: 'kind', callee: 'changeRoute' },
  // readStatusAction accepts exactly the values of WebsiteStatusAction; `satisfies` below keeps this list complete.
  'websites/routes.ts': { name: 'action', values: ['suspend', 'enable'] satisfies [WebsiteStatusAction, WebsiteStatusAction] },
  // One route per verb of a package binding, written as a loop over the two.
  'layer4/routes.ts': { name: 'verb', values: ['bind', 'unbind'] },
  // `retryOf ? 'retry' : kind`: a new cache task records its kind (issue 29: the sweep's operation log showed the ids).
  'cache-tasks/routes.ts': { name: 'kind', values: CACHE_TASK_KINDS },
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** The argument text of each call of `name(` in `text` (balanced parentheses). */
function calls(text: string, name: string): string[] {
  const found: string[] = [];
  for (let at = text.indexOf(`${name}(`); at >= 0; at = text.indexOf(`${name}(`, at + 1)) {
    if (/function\s+$/.test(text.slice(Math.max(0, at - 10), at))) continue;
    let depth = 0;
    let end = at + name.length;
    for (; end < text.length; end++) {
      if (text[end] === '(') depth++;
      else if (text[end] === ')' && --depth === 0) break;
    }
    found.push(text.slice(at + name.length + 1, end));
  }
  return found;
}

/** The actions the server records, with where. */
function recordedActions(): Map<string, string> {
  const actions = new Map<string, string>();
  for (const file of sources(FEATURES)) {
    const text = readFileSync(file, 'utf8');
    const where = relative(FEATURES, file);
    const callees = ['recordOperation', 'writeIfChanged', ...Object.values(RECORDING_HELPERS)];
    for (const argument of callees.flatMap((callee) => calls(text, callee))) {
      // A helper's own call hands on the operation its caller gave (`...operation`): the callers are read instead.
      if (RECORDING_HELPERS[where] && !/\baction\b/.test(argument) && argument.includes('...')) continue;
      const shorthand = /\baction\s*[,}\n]/.test(argument) && !/\baction\s*:/.test(argument);
      const expression = shorthand ? 'action' : (/\baction\s*:\s*([^,\n}]+)/.exec(argument)?.[1] ?? '');
      // Compared values (`status === 'enabled'`) are conditions, not actions.
      const literals = [...expression.replace(/[!=]==\s*'[^']*'/g, '').matchAll(/'([^']+)'/g)].map((match) => match[1]!);
      // A conditional whose last branch is a variable (`retryOf ? 'retry' : kind`) records that variable's values too.
      const otherBranch = literals.length > 0 ? /:\s*([A-Za-z_]\w*)\s*$/.exec(expression.trim())?.[1] : undefined;
      if (literals.length > 0) {
        for (const action of literals) actions.set(action, where);
        if (!otherBranch) continue;
      }
      const parameter = PARAMETER_ACTIONS[where];
      if (otherBranch) {
        assert.ok(parameter && 'values' in parameter && parameter.name === otherBranch, `${where}: the action "${otherBranch}" is neither a literal nor a listed parameter`);
        for (const action of parameter.values) actions.set(action, where);
        continue;
      }
      assert.ok(parameter && expression.trim() === parameter.name, `${where}: the action "${expression.trim()}" is neither a literal nor a listed parameter`);
      if ('values' in parameter) {
        for (const action of parameter.values) actions.set(action, where);
        continue;
      }
      const passed = calls(text, parameter.callee).map((call) => [...call.matchAll(/'([^']+)'/g)].map((match) => match[1]!).pop());
      assert.ok(passed.length > 0, `${where}: no call of ${parameter.callee}`);
      for (const action of passed) actions.set(action!, where);
    }
  }
  return actions;
}

/**
 * The areas the server records: each call's `area` literal, or the module constant it names (`area: AREA`,
 * `area: ACCESS_AREA`, declared as a string in some feature file); an area handed on by a helper (`target.area`)
 * comes from its callers, whose literals are read the same way.
 */
function recordedAreas(): Map<string, string> {
  const files = sources(FEATURES).map((file) => ({ where: relative(FEATURES, file), text: readFileSync(file, 'utf8') }));
  const constants = new Map<string, string>();
  for (const { text } of files) for (const match of text.matchAll(/\bconst ([A-Z][A-Z0-9_]*) = '([a-z0-9-]+)'/g)) constants.set(match[1]!, match[2]!);
  const areas = new Map<string, string>();
  for (const { where, text } of files) {
    for (const match of text.matchAll(/(?<=[{,]\s*)area: (?:'([a-z0-9-]+)'|([A-Z][A-Z0-9_]*)\b)/g)) {
      const area = match[1] ?? constants.get(match[2]!);
      assert.ok(area, `${where}: the area constant ${match[2]} is not a string constant of the features`);
      areas.set(area, where);
    }
  }
  return areas;
}

describe('operation log labels (issue 27)', () => {
  it('every area the server records has a label key with a text in zh_CN and en_US (issue 29: the sweep saw ids)', () => {
    const areas = recordedAreas();
    assert.ok(areas.has('sdk') && areas.has('acceleration-policy') && areas.has('work-order'), 'the scan finds constants and literals');
    const missing: string[] = [];
    for (const [area, where] of areas) {
      const key = (AREA_LABEL_KEYS as Record<string, string>)[area];
      const name = key?.replace(/^area\./, '');
      if (!name || !(en.area as Record<string, string>)[name] || !(zh.area as Record<string, string>)[name]) missing.push(`${area} (${where})`);
    }
    assert.deepEqual(missing, []);
  });


  it('the scan finds the user center\'s account actions, the identity submission among them', () => {
    const actions = recordedActions();
    for (const action of ['login-time', 'login-whitelist', 'bind-mailbox', 'secondary-verification', 'change-password', 'identity-submit']) {
      assert.equal(actions.get(action), 'user-center/' + (action === 'identity-submit' ? 'identity.ts' : 'routes.ts'), action);
    }
    assert.ok(actions.has('observe') && actions.has('renew'), 'the parameter actions are resolved through their callers');
  });

  it('every action the server records has a label key, and the key has a text in zh_CN and en_US', () => {
    const missing: string[] = [];
    for (const [action, where] of recordedActions()) {
      const key = (ACTION_LABEL_KEYS as Record<string, string>)[action];
      const name = key?.replace(/^action\./, '');
      const enText = name ? (en.action as Record<string, string>)[name] : undefined;
      const zhText = name ? (zh.action as Record<string, string>)[name] : undefined;
      if (!enText || !zhText) missing.push(`${action} (${where})`);
    }
    assert.deepEqual(missing, []);
  });
});
