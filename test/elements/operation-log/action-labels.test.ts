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
import { ACTION_LABEL_KEYS } from '../../../elements/operation-log/labels.js';

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
      if (literals.length > 0) {
        for (const action of literals) actions.set(action, where);
        continue;
      }
      const parameter = PARAMETER_ACTIONS[where];
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

describe('operation log labels (issue 27)', () => {
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
