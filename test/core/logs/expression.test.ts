/**
 * The advanced search language of log retrieval (rules §2 "advanced search"; issue 24): grammar, precedence, every
 * operator, each field kind, positioned errors, limits, and hostile input that must stay data.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  completeLogExpression,
  EXPRESSION_MAX_CONDITIONS,
  EXPRESSION_MAX_DEPTH,
  EXPRESSION_MAX_LENGTH,
  parseLogExpression,
} from '../../../core/logs/expression.js';
import { expressionString } from '../../../core/logs/expression-string.js';
import { filtersToPredicate } from '../../../core/logs/filters.js';
import type { LogPredicate } from '../../../core/logs/predicate.js';
import { parseLogWallTime } from '../../../core/i18n/time-range.js';

function parsed(text: string, type: 'access' | 'waf' = 'access'): LogPredicate | null {
  const outcome = parseLogExpression(text, type);
  assert.ok(outcome.ok, `expected ${text} to parse: ${JSON.stringify(!outcome.ok && outcome.issue)}`);
  return outcome.predicate;
}

function issueOf(text: string, type: 'access' | 'waf' = 'access') {
  const outcome = parseLogExpression(text, type);
  assert.ok(!outcome.ok, `expected ${text} to be refused`);
  return outcome.issue;
}

describe('log expression language: grammar (rules §2 advanced search)', () => {
  it('the issue example parses into a conjunction with a prefix test', () => {
    assert.deepEqual(parsed('status >= 500 and country = "CN" and uri ~ "^/api"'), {
      op: 'and',
      items: [
        { op: 'compare', field: 'status', operator: '>=', value: 500 },
        { op: 'compare', field: 'country', operator: '=', value: 'CN' },
        { op: 'prefix', field: 'uri', value: '/api' },
      ],
    });
  });

  it('an empty expression narrows nothing', () => {
    assert.equal(parsed('   '), null);
  });

  it('not binds tighter than and, and tighter than or', () => {
    assert.deepEqual(parsed('status = 1 or status = 2 and not status = 3'), {
      op: 'or',
      items: [
        { op: 'compare', field: 'status', operator: '=', value: 1 },
        { op: 'and', items: [
          { op: 'compare', field: 'status', operator: '=', value: 2 },
          { op: 'not', item: { op: 'compare', field: 'status', operator: '=', value: 3 } },
        ] },
      ],
    });
  });

  it('parentheses override precedence; keywords are case-insensitive', () => {
    assert.deepEqual(parsed('(status = 1 OR status = 2) AND method = "get"'), {
      op: 'and',
      items: [
        { op: 'or', items: [
          { op: 'compare', field: 'status', operator: '=', value: 1 },
          { op: 'compare', field: 'status', operator: '=', value: 2 },
        ] },
        { op: 'compare', field: 'method', operator: '=', value: 'GET' },
      ],
    });
  });

  it('every comparison operator on a number field', () => {
    for (const operator of ['=', '!=', '>', '>=', '<', '<=']) {
      assert.deepEqual(parsed(`bytes_sent ${operator} 1024`), { op: 'compare', field: 'bytes_sent', operator, value: 1024 });
    }
  });

  it('text operators: regular expression, negated, contains, in, not in', () => {
    assert.deepEqual(parsed('user_agent ~ "curl/[0-9]+"'), { op: 'regex', field: 'user_agent', pattern: 'curl/[0-9]+' });
    assert.deepEqual(parsed('uri !~ "^/static/"'), { op: 'not', item: { op: 'prefix', field: 'uri', value: '/static/' } });
    assert.deepEqual(parsed('user_agent contains "bot"'), { op: 'contains', field: 'user_agent', value: 'bot' });
    assert.deepEqual(parsed('domain in ("a.com", "b.com")'), { op: 'in', field: 'domain', values: ['a.com', 'b.com'] });
    assert.deepEqual(parsed('domain not in ("a.com")'), { op: 'not', item: { op: 'in', field: 'domain', values: ['a.com'] } });
  });

  it('an escaped literal after ^ is still a prefix; a class is a pattern', () => {
    assert.deepEqual(parsed('uri ~ "^/a\\\\.php"'), { op: 'prefix', field: 'uri', value: '/a.php' });
    assert.deepEqual(parsed('uri ~ "^/v\\\\d"'), { op: 'regex', field: 'uri', pattern: '^/v\\d' });
  });

  it('client_ip takes addresses (canonical) and CIDR blocks, alone or in lists', () => {
    assert.deepEqual(parsed('client_ip = "2001:DB8:0:0::1"'), { op: 'compare', field: 'client_ip', operator: '=', value: '2001:db8::1' });
    assert.deepEqual(parsed('client_ip = "10.0.0.0/8"'), { op: 'cidr', field: 'client_ip', blocks: ['10.0.0.0/8'] });
    assert.deepEqual(parsed('client_ip != "10.0.0.0/8"'), { op: 'not', item: { op: 'cidr', field: 'client_ip', blocks: ['10.0.0.0/8'] } });
    assert.deepEqual(parsed('client_ip in ("1.2.3.4", "2001:db8::/32")'), { op: 'cidr', field: 'client_ip', blocks: ['1.2.3.4/32', '2001:db8::/32'] });
  });

  it('rules §9 log time: ts compares with a UTC+8 wall time', () => {
    assert.deepEqual(parsed('ts >= "2026-11-26 08:00"'), {
      op: 'compare',
      field: 'ts',
      operator: '>=',
      value: Date.UTC(2026, 10, 26, 0, 0),
    });
    assert.equal(parseLogWallTime('2026-11-26T08:00'), Date.UTC(2026, 10, 26, 0, 0));
  });

  it('enum values are checked and written in the catalogue case', () => {
    assert.deepEqual(parsed('action = "BLOCK"', 'waf'), { op: 'compare', field: 'action', operator: '=', value: 'block' });
    const issue = issueOf('action = "explode"', 'waf');
    assert.equal(issue.key, 'logs.expression-enum-value');
    assert.equal(issue.position, 9);
  });
});

describe('log expression language: errors name the place', () => {
  const cases: [string, string, number, number?][] = [
    ['status >= ', 'logs.expression-expected-value', 10],
    ['status >= "500"', 'logs.expression-not-a-number', 10],
    ['stauts = 1', 'logs.expression-unknown-field', 0, 6],
    ['rule_id = 1', 'logs.expression-field-not-in-type', 0, 7],
    ['uri > "a"', 'logs.expression-operator-not-allowed', 4],
    ['status ~ "5"', 'logs.expression-operator-not-allowed', 7],
    ['country = CN', 'logs.expression-unquoted-value', 10, 2],
    ['uri = "/a', 'logs.expression-unterminated-string', 6],
    ['(status = 1', 'logs.expression-unclosed-paren', 0],
    ['status = 1)', 'logs.expression-unbalanced-paren', 10],
    ['status = 1 status = 2', 'logs.expression-expected-connector', 11],
    ['status 1', 'logs.expression-expected-operator', 7],
    ['and status = 1', 'logs.expression-expected-field', 0],
    ['client_ip = "999.1.1.1"', 'logs.expression-not-an-ip', 12],
    ['ts > "yesterday"', 'logs.expression-bad-time', 5],
    ['ts > "2026-02-31 10:00"', 'logs.expression-bad-time', 5],
    ['uri ~ "(unclosed"', 'logs.expression-bad-regex', 6],
    ['uri ~ "(?=x)a"', 'logs.expression-regex-unsupported', 6],
    ['uri ~ "(a)\\\\1"', 'logs.expression-regex-unsupported', 6],
    ['uri ~ "(?<name>a)"', 'logs.expression-regex-unsupported', 6],
    ['domain in ()', 'logs.expression-empty-list', 11],
    ['domain in "a"', 'logs.expression-expected-list', 10],
    ['domain in ("a" "b")', 'logs.expression-expected-comma', 15],
    ['status = 1 # 2', 'logs.expression-unexpected', 11],
  ];
  for (const [text, key, position, length] of cases) {
    it(`${JSON.stringify(text)} -> ${key} at ${position}`, () => {
      const issue = issueOf(text, 'access');
      assert.equal(issue.key, key);
      assert.equal(issue.position, position);
      if (length !== undefined) assert.equal(issue.length, length);
      assert.ok(issue.length >= 1);
    });
  }

  it('limits: length, depth, conditions', () => {
    assert.equal(issueOf(`uri = "${'a'.repeat(EXPRESSION_MAX_LENGTH)}"`).key, 'logs.expression-too-long');
    assert.equal(issueOf(`${'('.repeat(EXPRESSION_MAX_DEPTH + 1)}status = 1${')'.repeat(EXPRESSION_MAX_DEPTH + 1)}`).key, 'logs.expression-too-deep');
    assert.equal(issueOf(`${'not '.repeat(EXPRESSION_MAX_DEPTH + 1)}status = 1`).key, 'logs.expression-too-deep');
    const many = Array.from({ length: EXPRESSION_MAX_CONDITIONS + 1 }, (_, index) => `status = ${index}`).join(' or ');
    assert.equal(issueOf(many).key, 'logs.expression-too-many-conditions');
  });
});

describe('log expression language: hostile input stays data', () => {
  it('SQL in a string is the value, quotes and backslashes included', () => {
    assert.deepEqual(parsed(`uri = "'; DROP TABLE logs; --"`), { op: 'compare', field: 'uri', operator: '=', value: "'; DROP TABLE logs; --" });
    assert.deepEqual(parsed('uri = "a\\"b\\\\c"'), { op: 'compare', field: 'uri', operator: '=', value: 'a"b\\c' });
    assert.deepEqual(parsed('uri contains "%_"'), { op: 'contains', field: 'uri', value: '%_' });
  });

  it('a value written by expressionString (drill-downs, suggestions) reads back exactly, whatever it holds', () => {
    for (const value of ['/a b', 'say "hi"', 'C:\\path\\', '\\"', 'Mozilla/5.0 (compatible; Googlebot/2.1)', '', ') or status = 1', '€\u0000']) {
      assert.deepEqual(parsed(`uri = ${expressionString(value)}`), { op: 'compare', field: 'uri', operator: '=', value }, value);
    }
  });

  it('a field name cannot be smuggled: only catalogue names are fields', () => {
    assert.equal(issueOf('member_id = 2').key, 'logs.expression-unknown-field');
    assert.equal(issueOf('log_type = "waf"').key, 'logs.expression-unknown-field');
    assert.equal(issueOf('status;drop = 1').key, 'logs.expression-unexpected');
  });

  it('never throws on random input', () => {
    const alphabet = ['status', 'uri', ' ', '"', '\\', '(', ')', '=', '!', '~', 'and', 'or', 'not', 'in', ',', '1', '-', '/', '.', 'x', '€', '\u0000'];
    let seed = 7;
    for (let round = 0; round < 3000; round++) {
      let text = '';
      const length = (seed = (seed * 1103515245 + 12345) >>> 0) % 14;
      for (let index = 0; index < length; index++) text += alphabet[(seed = (seed * 1103515245 + 12345) >>> 0) % alphabet.length];
      const outcome = parseLogExpression(text, 'waf');
      if (!outcome.ok) assert.ok(outcome.issue.position >= 0 && outcome.issue.position <= text.length, text);
      completeLogExpression(text, text.length, 'waf');
    }
  });
});

describe('log expression language: autocomplete', () => {
  it('offers fields at the start, filtered by what is typed', () => {
    const start = completeLogExpression('', 0, 'access')!;
    assert.equal(start.kind, 'field');
    assert.ok(start.options.includes('status') && start.options.includes('not') && !start.options.includes('rule_id'));
    const typed = completeLogExpression('sta', 3, 'access')!;
    assert.deepEqual({ from: typed.from, to: typed.to, options: typed.options }, { from: 0, to: 3, options: ['status'] });
  });

  it('offers the operators of the field kind', () => {
    assert.deepEqual(completeLogExpression('status ', 7, 'access')!.options, ['=', '!=', '>', '>=', '<', '<=', 'in', 'not in']);
    assert.deepEqual(completeLogExpression('uri ', 4, 'access')!.options, ['=', '!=', '~', '!~', 'contains', 'in', 'not in']);
  });

  it('offers enum values quoted, and names the field for fetched values', () => {
    const method = completeLogExpression('method = "P', 11, 'access')!;
    assert.equal(method.kind, 'value');
    assert.deepEqual(method.options, ['"POST"', '"PUT"', '"PATCH"']);
    assert.equal(method.from, 9);
    const uri = completeLogExpression('uri = ', 6, 'access')!;
    assert.deepEqual({ kind: uri.kind, field: uri.field, options: uri.options }, { kind: 'value', field: 'uri', options: [] });
  });

  it('offers connectors after a condition and fields after one', () => {
    assert.deepEqual(completeLogExpression('status = 404 ', 13, 'access')!.options, ['and', 'or', ')']);
    assert.deepEqual(completeLogExpression('status = 404 a', 14, 'access')!.options, ['and']);
    assert.equal(completeLogExpression('status = 404 and ', 17, 'access')!.kind, 'field');
    assert.deepEqual(completeLogExpression('method in ("GET" ', 17, 'access')!.options, [',', ')']);
  });

  it('suggests only where the cursor is, not at the end', () => {
    const text = 'sta = 1 and uri = "/"';
    assert.deepEqual(completeLogExpression(text, 3, 'access')!.options, ['status']);
  });
});

describe('conditional filters (rules §2 conditional filter)', () => {
  it('status codes and classes, regions, IPs and blocks, method, URL prefix', () => {
    const outcome = filtersToPredicate({ status: '5xx', region: 'cn-gd', client_ip: '10.0.0.0/8', method: 'get', uri: '/api/' }, 'access');
    assert.ok(outcome.ok);
    assert.deepEqual(outcome.predicate, {
      op: 'and',
      items: [
        { op: 'and', items: [
          { op: 'compare', field: 'status', operator: '>=', value: 500 },
          { op: 'compare', field: 'status', operator: '<', value: 600 },
        ] },
        { op: 'compare', field: 'province', operator: '=', value: 'CN-GD' },
        { op: 'cidr', field: 'client_ip', blocks: ['10.0.0.0/8'] },
        { op: 'compare', field: 'method', operator: '=', value: 'GET' },
        { op: 'prefix', field: 'uri', value: '/api/' },
      ],
    });
  });

  it('wrong filters are named, each with a translated key', () => {
    const outcome = filtersToPredicate({ status: '600', region: 'China', client_ip: '1.2.3', action: 'nuke' }, 'waf');
    assert.ok(!outcome.ok);
    assert.deepEqual(outcome.issues.map((found) => [found.field, found.key]), [
      ['status', 'logs.filter-status'],
      ['region', 'logs.filter-region'],
      ['client_ip', 'ip.incorrect-ip-or-cidr'],
      ['action', 'logs.expression-enum-value'],
    ]);
  });

  it('rule and action filters narrow the security types only', () => {
    const access = filtersToPredicate({ rule_id: 7, action: 'block' }, 'access');
    assert.ok(access.ok && access.predicate === null);
    const waf = filtersToPredicate({ rule_id: 7, action: 'block' }, 'waf');
    assert.ok(waf.ok && waf.predicate !== null);
  });
});
