/**
 * The advanced search language of log retrieval (rules §2 "advanced search"; issue 24). One small language, parsed
 * the same way in the browser (inline errors and autocomplete as the user types) and on the server (which then
 * renders the {@link LogPredicate} into parameterised SQL: a value is always data, never statement text).
 *
 *     expression := or
 *     or         := and ("or" and)*
 *     and        := unary ("and" unary)*
 *     unary      := "not" unary | "(" expression ")" | condition
 *     condition  := field op value
 *                 | field ["not"] "in" "(" value ("," value)* ")"
 *     op         := "=" | "!=" | ">" | ">=" | "<" | "<=" | "~" | "!~" | "contains"
 *     value      := "double-quoted string" | number
 *
 * `not` binds tighter than `and`, which binds tighter than `or`. Keywords are case-insensitive; field names are the
 * catalogue's (core/logs/fields.ts). Strings use `\"` and `\\` escapes. What a field accepts follows its kind:
 * numbers compare with every comparison operator; text takes `=`, `!=`, `~` (a regular expression), `!~` and
 * `contains`; enums take `=`, `!=` and `in` with one of their values; `client_ip` takes an address or a CIDR block
 * (`client_ip = "10.0.0.0/8"`); `ts` takes `"YYYY-MM-DD HH:mm[:ss]"` in UTC+8 (rules §9 "Log time").
 *
 * Regular expressions are the subset RE2 (DuckDB, ClickHouse) and JavaScript share: look-around and back-references
 * are refused here rather than failing in the store. A pattern that is a literal after `^` becomes a prefix test.
 */
import { canonicalIp, parseCidr } from '../rules/ip.js';
import { parseLogWallTime } from '../i18n/time-range.js';
import type { RuleKey } from '../rules/types.js';
import { logField, logFieldsOf, type LogFieldKind, type LogFieldSpec, type LogType } from './fields.js';
import type { CompareOperator, LogFieldName, LogPredicate } from './predicate.js';

/** Longest expression accepted; a search box, not a program. */
export const EXPRESSION_MAX_LENGTH = 2000;
/** Deepest nesting of parentheses and `not`. */
export const EXPRESSION_MAX_DEPTH = 16;
/** Most conditions in one expression. */
export const EXPRESSION_MAX_CONDITIONS = 50;
/** Most values in one `in` list. */
export const EXPRESSION_MAX_LIST = 1000;

/** What is wrong and where: a `rules` namespace key, its values, and the span the inline error underlines. */
export interface ExpressionIssue {
  key: RuleKey;
  values?: Record<string, unknown>;
  /** Character offset of the span. */
  position: number;
  length: number;
}

/** The parse outcome; an empty expression is valid and narrows nothing (`predicate: null`). */
export type ParsedExpression = { ok: true; predicate: LogPredicate | null } | { ok: false; issue: ExpressionIssue };

/** The operators a condition may use, by field kind. */
export const OPERATORS_BY_KIND: Record<LogFieldKind, readonly string[]> = {
  number: ['=', '!=', '>', '>=', '<', '<=', 'in', 'not in'],
  time: ['>=', '>', '<', '<='],
  text: ['=', '!=', '~', '!~', 'contains', 'in', 'not in'],
  enum: ['=', '!=', 'in', 'not in'],
  ip: ['=', '!=', 'in', 'not in'],
};

/** Keywords, lower case. */
const KEYWORDS = new Set(['and', 'or', 'not', 'in', 'contains']);

type TokenKind = 'word' | 'string' | 'number' | 'operator' | 'open' | 'close' | 'comma' | 'end';

interface Token {
  kind: TokenKind;
  /** Lower-cased for words; the decoded text for strings. */
  text: string;
  /** As typed (for error messages). */
  raw: string;
  position: number;
  length: number;
  /** A string whose closing quote is missing (only reported, or completed while typing). */
  unterminated?: boolean;
}

class ExpressionError extends Error {
  constructor(readonly issue: ExpressionIssue) {
    super(issue.key);
  }
}

function fail(key: RuleKey, at: { position: number; length: number }, values?: Record<string, unknown>): never {
  throw new ExpressionError(values === undefined ? { key, position: at.position, length: Math.max(1, at.length) } : { key, values, position: at.position, length: Math.max(1, at.length) });
}

const OPERATOR_CHARS = /[=!<>~]/;
const WORD_START = /[A-Za-z_]/;
const WORD_CHAR = /[A-Za-z0-9_.:\-/]/;

/**
 * Splits text into tokens. `tolerant` (autocomplete) accepts an unterminated string at the end instead of failing.
 * Words may contain `.`, `:`, `-` and `/` so a bare value such as `10.0.0.0/8` is one token, reported as needing
 * quotes rather than as a string of odd tokens.
 */
function tokenize(text: string, tolerant = false): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const char = text[at]!;
    if (/\s/.test(char)) {
      at++;
      continue;
    }
    const start = at;
    if (char === '"') {
      let value = '';
      at++;
      let closed = false;
      while (at < text.length) {
        const next = text[at]!;
        if (next === '\\') {
          const escaped = text[at + 1];
          if (escaped === '"' || escaped === '\\') {
            value += escaped;
            at += 2;
            continue;
          }
          if (escaped === undefined) break;
          // Any other backslash is kept as typed: regular expressions need `\d`, `\.`.
          value += '\\';
          at++;
          continue;
        }
        if (next === '"') {
          closed = true;
          at++;
          break;
        }
        value += next;
        at++;
      }
      if (!closed && !tolerant) fail('logs.expression-unterminated-string', { position: start, length: at - start });
      tokens.push({ kind: 'string', text: value, raw: text.slice(start, at), position: start, length: at - start, unterminated: !closed });
      continue;
    }
    if (char === '(' || char === ')' || char === ',') {
      tokens.push({ kind: char === '(' ? 'open' : char === ')' ? 'close' : 'comma', text: char, raw: char, position: at, length: 1 });
      at++;
      continue;
    }
    if (OPERATOR_CHARS.test(char)) {
      const two = text.slice(at, at + 2);
      const operator = ['!=', '>=', '<=', '!~'].includes(two) ? two : char;
      if (!['=', '!=', '>', '>=', '<', '<=', '~', '!~'].includes(operator)) fail('logs.expression-unexpected', { position: at, length: operator.length }, { token: operator });
      tokens.push({ kind: 'operator', text: operator, raw: operator, position: at, length: operator.length });
      at += operator.length;
      continue;
    }
    if (/[0-9-]/.test(char)) {
      const match = /^-?\d+(?:\.\d+)?/.exec(text.slice(at));
      // A number followed by word characters (`10.0.0.0/8`, `2026-11-26`) is a bare value, reported as such below.
      if (match && !WORD_CHAR.test(text[at + match[0].length] ?? ' ')) {
        tokens.push({ kind: 'number', text: match[0], raw: match[0], position: at, length: match[0].length });
        at += match[0].length;
        continue;
      }
    }
    if (WORD_START.test(char) || /[0-9]/.test(char)) {
      while (at < text.length && WORD_CHAR.test(text[at]!)) at++;
      const raw = text.slice(start, at);
      tokens.push({ kind: 'word', text: raw.toLowerCase(), raw, position: start, length: raw.length });
      continue;
    }
    fail('logs.expression-unexpected', { position: at, length: 1 }, { token: char });
  }
  tokens.push({ kind: 'end', text: '', raw: '', position: text.length, length: 0 });
  return tokens;
}

/** A condition's value after checking it against the field. */
type Value = string | number;

class Parser {
  private index = 0;
  private depth = 0;
  private conditions = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly type: LogType,
  ) {}

  parse(): LogPredicate {
    const predicate = this.or();
    const next = this.peek();
    if (next.kind === 'close') fail('logs.expression-unbalanced-paren', next);
    if (next.kind !== 'end') fail('logs.expression-expected-connector', next, { token: next.raw });
    return predicate;
  }

  private peek(): Token {
    return this.tokens[this.index]!;
  }

  private take(): Token {
    return this.tokens[this.index++]!;
  }

  private isKeyword(token: Token, keyword: string): boolean {
    return token.kind === 'word' && token.text === keyword;
  }

  private or(): LogPredicate {
    const items = [this.and()];
    while (this.isKeyword(this.peek(), 'or')) {
      this.take();
      items.push(this.and());
    }
    return items.length === 1 ? items[0]! : { op: 'or', items };
  }

  private and(): LogPredicate {
    const items = [this.unary()];
    while (this.isKeyword(this.peek(), 'and')) {
      this.take();
      items.push(this.unary());
    }
    return items.length === 1 ? items[0]! : { op: 'and', items };
  }

  private nest<T>(at: Token, inner: () => T): T {
    if (++this.depth > EXPRESSION_MAX_DEPTH) fail('logs.expression-too-deep', at, { max: EXPRESSION_MAX_DEPTH });
    try {
      return inner();
    } finally {
      this.depth--;
    }
  }

  private unary(): LogPredicate {
    const token = this.peek();
    if (this.isKeyword(token, 'not')) {
      this.take();
      return this.nest(token, () => ({ op: 'not', item: this.unary() }));
    }
    if (token.kind === 'open') {
      this.take();
      return this.nest(token, () => {
        const inner = this.or();
        const close = this.peek();
        if (close.kind !== 'close') fail(close.kind === 'end' ? 'logs.expression-unclosed-paren' : 'logs.expression-expected-connector', close.kind === 'end' ? token : close, { token: close.raw });
        this.take();
        return inner;
      });
    }
    return this.condition();
  }

  private condition(): LogPredicate {
    const fieldToken = this.take();
    if (fieldToken.kind === 'end') fail('logs.expression-expected-field', fieldToken);
    if (fieldToken.kind !== 'word' || KEYWORDS.has(fieldToken.text)) fail('logs.expression-expected-field', fieldToken, { token: fieldToken.raw });
    const field = this.field(fieldToken);
    if (++this.conditions > EXPRESSION_MAX_CONDITIONS) fail('logs.expression-too-many-conditions', fieldToken, { max: EXPRESSION_MAX_CONDITIONS });

    const operatorToken = this.take();
    let operator: string;
    if (operatorToken.kind === 'operator') operator = operatorToken.text;
    else if (this.isKeyword(operatorToken, 'contains') || this.isKeyword(operatorToken, 'in')) operator = operatorToken.text;
    else if (this.isKeyword(operatorToken, 'not') && this.isKeyword(this.peek(), 'in')) {
      this.take();
      operator = 'not in';
    } else fail('logs.expression-expected-operator', operatorToken, { field: field.name });

    const allowed = OPERATORS_BY_KIND[field.kind];
    if (!allowed.includes(operator)) {
      fail('logs.expression-operator-not-allowed', operatorToken, { operator, field: field.name, allowed: allowed.join(' ') });
    }
    if (operator === 'in' || operator === 'not in') {
      const list = this.list(field);
      return operator === 'in' ? list : { op: 'not', item: list };
    }
    const valueToken = this.take();
    const value = this.value(field, valueToken, operator);
    return this.build(field, operator, value, valueToken);
  }

  private field(token: Token): LogFieldSpec {
    const spec = logField(this.type, token.text);
    if (spec) return spec;
    const known = logFieldsOf('access').concat(logFieldsOf('waf')).some((candidate) => candidate.name === token.text);
    if (known) fail('logs.expression-field-not-in-type', token, { field: token.raw });
    fail('logs.expression-unknown-field', token, { field: token.raw });
  }

  private list(field: LogFieldSpec): LogPredicate {
    const open = this.take();
    if (open.kind !== 'open') fail('logs.expression-expected-list', open);
    const tokens: Token[] = [];
    const values: Value[] = [];
    for (;;) {
      const token = this.take();
      if (token.kind === 'close' && values.length === 0) fail('logs.expression-empty-list', token);
      values.push(this.value(field, token, 'in'));
      tokens.push(token);
      if (values.length > EXPRESSION_MAX_LIST) fail('logs.expression-list-too-long', token, { max: EXPRESSION_MAX_LIST });
      const next = this.take();
      if (next.kind === 'close') break;
      if (next.kind !== 'comma') fail(next.kind === 'end' ? 'logs.expression-unclosed-paren' : 'logs.expression-expected-comma', next.kind === 'end' ? open : next, { token: next.raw });
    }
    if (field.kind === 'ip') {
      // A list of addresses and blocks is one set of blocks: an address is its own /32 or /128.
      const blocks = values.map((value) => String(value));
      if (blocks.every((value) => !value.includes('/'))) return { op: 'in', field: field.name as LogFieldName, values: blocks };
      return { op: 'cidr', field: 'client_ip', blocks: blocks.map((value) => (value.includes('/') ? value : `${value}/${value.includes(':') ? 128 : 32}`)) };
    }
    return { op: 'in', field: field.name as LogFieldName, values };
  }

  /** Checks a value token against the field and answers it typed. */
  private value(field: LogFieldSpec, token: Token, operator: string): Value {
    if (token.kind === 'end' || token.kind === 'close' || token.kind === 'comma' || token.kind === 'open') {
      fail('logs.expression-expected-value', token, { field: field.name });
    }
    if (token.kind === 'word' || token.kind === 'operator') {
      fail('logs.expression-unquoted-value', token, { value: token.raw });
    }
    switch (field.kind) {
      case 'number': {
        if (token.kind !== 'number' || !Number.isSafeInteger(Number(token.text))) fail('logs.expression-not-a-number', token, { field: field.name });
        return Number(token.text);
      }
      case 'time': {
        const at = token.kind === 'string' ? parseLogWallTime(token.text.replace(' ', 'T')) : null;
        if (at === null) fail('logs.expression-bad-time', token, { value: token.raw });
        return at;
      }
      case 'ip': {
        const text = token.kind === 'string' ? token.text.trim() : '';
        const block = text.includes('/') ? parseCidr(text) : null;
        if (block) return `${block.address}/${block.prefix}`;
        const address = text ? canonicalIp(text) : null;
        if (address === null) fail('logs.expression-not-an-ip', token, { value: token.raw });
        return address;
      }
      case 'enum': {
        if (token.kind !== 'string') fail('logs.expression-unquoted-value', token, { value: token.raw });
        // Methods are upper case, the rest lower case: accept any case the user types.
        const found = field.values!.find((value) => value.toLowerCase() === token.text.toLowerCase());
        if (found === undefined) fail('logs.expression-enum-value', token, { field: field.name, allowed: field.values!.join(', ') });
        return found;
      }
      case 'text': {
        if (token.kind !== 'string') fail('logs.expression-unquoted-value', token, { value: token.raw });
        if (operator === '~' || operator === '!~') checkPattern(token);
        return token.text;
      }
    }
  }

  private build(field: LogFieldSpec, operator: string, value: Value, token: Token): LogPredicate {
    const name = field.name as LogFieldName;
    if (field.kind === 'ip' && typeof value === 'string' && value.includes('/')) {
      const cidr: LogPredicate = { op: 'cidr', field: 'client_ip', blocks: [value] };
      return operator === '!=' ? { op: 'not', item: cidr } : cidr;
    }
    if (operator === 'contains') return { op: 'contains', field: name, value: String(value) };
    if (operator === '~' || operator === '!~') {
      const literal = literalPrefix(String(value));
      const match: LogPredicate = literal !== null ? { op: 'prefix', field: name, value: literal } : { op: 'regex', field: name, pattern: String(value) };
      return operator === '!~' ? { op: 'not', item: match } : match;
    }
    void token;
    return { op: 'compare', field: name, operator: operator as CompareOperator, value };
  }
}

/** Refuses what JavaScript would take but RE2 (the stores' engine) would not, and what neither would. */
function checkPattern(token: Token): void {
  const pattern = token.text;
  // Look-around, back-references and JavaScript's named groups and control escapes: RE2 has none of them.
  if (/\(\?<?[=!]/.test(pattern) || /\\[1-9]/.test(pattern) || /\\k</.test(pattern) || /\(\?<[A-Za-z]/.test(pattern) || /\\c/.test(pattern)) {
    fail('logs.expression-regex-unsupported', token);
  }
  try {
    new RegExp(pattern, 'u');
  } catch {
    fail('logs.expression-bad-regex', token, { value: token.raw });
  }
}

/** `^/api/v1` as the literal `/api/v1`, or null when the pattern is more than an anchored literal. */
function literalPrefix(pattern: string): string | null {
  if (!pattern.startsWith('^')) return null;
  let literal = '';
  for (let at = 1; at < pattern.length; at++) {
    const char = pattern[at]!;
    if (char === '\\') {
      const next = pattern[at + 1];
      // An escaped punctuation character is itself; `\d` and friends are classes, not literals.
      if (next === undefined || /[A-Za-z0-9]/.test(next)) return null;
      literal += next;
      at++;
      continue;
    }
    if ('.*+?()[]{}|^$'.includes(char)) return null;
    literal += char;
  }
  return literal.length > 0 ? literal : null;
}

/** Parses an expression for one log type. */
export function parseLogExpression(text: string, type: LogType): ParsedExpression {
  if (text.length > EXPRESSION_MAX_LENGTH) {
    return { ok: false, issue: { key: 'logs.expression-too-long', values: { max: EXPRESSION_MAX_LENGTH }, position: EXPRESSION_MAX_LENGTH, length: text.length - EXPRESSION_MAX_LENGTH } };
  }
  if (text.trim() === '') return { ok: true, predicate: null };
  try {
    const tokens = tokenize(text);
    return { ok: true, predicate: new Parser(tokens, type).parse() };
  } catch (error) {
    if (error instanceof ExpressionError) return { ok: false, issue: error.issue };
    throw error;
  }
}

// ── Autocomplete ──────────────────────────────────────────────────────────────────────────────────────────────────

/** What can be typed at the cursor, and the span a chosen option replaces. */
export interface ExpressionCompletion {
  from: number;
  to: number;
  kind: 'field' | 'operator' | 'value' | 'keyword';
  /** The field whose value is being typed (kind `value`): the console fetches its frequent values. */
  field?: LogFieldName;
  /** Options that fit what is typed so far, as they are inserted (values quoted). */
  options: string[];
}

type Expecting =
  | { state: 'field' }
  | { state: 'operator'; field: LogFieldSpec }
  | { state: 'value'; field: LogFieldSpec; inList: boolean }
  | { state: 'list-open'; field: LogFieldSpec }
  | { state: 'after-value'; inList: boolean; field: LogFieldSpec }
  | { state: 'connector' };

/** Options at a state, filtered by what is typed (case-insensitive). */
function optionsFor(expecting: Expecting, type: LogType, typed: string): { kind: ExpressionCompletion['kind']; options: string[]; field?: LogFieldName } | null {
  const fits = (option: string) => option.toLowerCase().startsWith(typed.toLowerCase()) && option.toLowerCase() !== typed.toLowerCase();
  switch (expecting.state) {
    case 'field':
      return { kind: 'field', options: [...logFieldsOf(type).map((field) => field.name as string), 'not', '('].filter(fits) };
    case 'operator':
      return { kind: 'operator', options: OPERATORS_BY_KIND[expecting.field.kind].filter(fits) };
    case 'list-open':
      return { kind: 'keyword', options: ['('] };
    case 'value': {
      const field = expecting.field;
      const unquoted = typed.replace(/^"/, '');
      if (field.kind === 'enum') {
        return { kind: 'value', field: field.name as LogFieldName, options: field.values!.filter((value) => value.toLowerCase().startsWith(unquoted.toLowerCase())).map((value) => `"${value}"`) };
      }
      return { kind: 'value', field: field.name as LogFieldName, options: [] };
    }
    case 'after-value':
      return { kind: 'keyword', options: expecting.inList ? [',', ')'] : ['and', 'or', ')'].filter(fits) };
    case 'connector':
      return { kind: 'keyword', options: ['and', 'or', ')'].filter(fits) };
  }
}

/**
 * What may be typed at `cursor`: walks the tokens before it with the grammar's states. A word or string the cursor
 * touches is the partial being typed and is replaced by the chosen option. Null where nothing can be suggested
 * (inside a malformed prefix: the inline error explains it).
 */
export function completeLogExpression(text: string, cursor: number, type: LogType): ExpressionCompletion | null {
  let tokens: Token[];
  try {
    tokens = tokenize(text.slice(0, cursor), true);
  } catch {
    return null;
  }
  tokens.pop(); // the end token
  const last = tokens[tokens.length - 1];
  // The cursor touches the last token when nothing separates them: it is being typed.
  const partial = last && last.position + last.length === cursor && (last.kind === 'word' || last.kind === 'string' || last.kind === 'number' || last.kind === 'operator') ? last : undefined;
  if (partial) tokens.pop();
  let expecting: Expecting = { state: 'field' };
  for (const token of tokens) {
    const next = advance(expecting, token, type);
    if (next === null) return null;
    expecting = next;
  }
  const typed = partial ? (partial.kind === 'string' ? partial.raw : partial.raw) : '';
  const found = optionsFor(expecting, type, typed);
  if (found === null) return null;
  const from = partial ? partial.position : cursor;
  const completion: ExpressionCompletion = { from, to: cursor, kind: found.kind, options: found.options };
  if (found.field) completion.field = found.field;
  return completion;
}

function advance(expecting: Expecting, token: Token, type: LogType): Expecting | null {
  switch (expecting.state) {
    case 'field': {
      if (token.kind === 'open' || (token.kind === 'word' && token.text === 'not')) return { state: 'field' };
      if (token.kind !== 'word') return null;
      const field = logField(type, token.text);
      return field ? { state: 'operator', field } : null;
    }
    case 'operator': {
      if (token.kind === 'operator' || (token.kind === 'word' && token.text === 'contains')) return { state: 'value', field: expecting.field, inList: false };
      if (token.kind === 'word' && token.text === 'in') return { state: 'list-open', field: expecting.field };
      if (token.kind === 'word' && token.text === 'not') return expecting; // `not in`
      return null;
    }
    case 'list-open':
      return token.kind === 'open' ? { state: 'value', field: expecting.field, inList: true } : null;
    case 'value':
      return token.kind === 'string' || token.kind === 'number' ? { state: 'after-value', inList: expecting.inList, field: expecting.field } : null;
    case 'after-value': {
      if (expecting.inList) {
        if (token.kind === 'comma') return { state: 'value', field: expecting.field, inList: true };
        if (token.kind === 'close') return { state: 'connector' };
        return null;
      }
      return connectorAdvance(token);
    }
    case 'connector':
      return connectorAdvance(token);
  }
}

function connectorAdvance(token: Token): Expecting | null {
  if (token.kind === 'close') return { state: 'connector' };
  if (token.kind === 'word' && (token.text === 'and' || token.text === 'or')) return { state: 'field' };
  return null;
}
