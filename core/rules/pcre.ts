/**
 * A PCRE2 syntax checker for regular expressions in WAF conditions (rules §5 Match rules and WAF: "Regular
 * expressions are PCRE").
 *
 * Why a checker and not an engine: no npm package gives a maintained PCRE2 engine for both the browser and Node
 * without a native build. `pcre2` is a native binding (node-gyp); `@stephen-riley/pcre2-wasm` is a single-version
 * WebAssembly build with no declared engines, loaded asynchronously, and WebAssembly compilation needs
 * `'wasm-unsafe-eval'` under the console's strict Content-Security-Policy; `pcre-to-regexp` only translates a subset
 * into JavaScript's syntax. JavaScript's own `RegExp` is the wrong judge: it refuses valid PCRE (possessive
 * quantifiers, atomic groups, `\Q…\E`, `(?i)` in the middle, POSIX classes) and accepts things PCRE refuses.
 *
 * The checker parses the pattern as PCRE2 does, in UTF mode (the edge matches UTF-8 requests), and reports the first
 * error with its offset. It knows:
 * - alternation, capture groups, `(?:…)`, branch reset `(?|…)`, atomic `(?>…)`, lookahead `(?=…)` `(?!…)`,
 *   lookbehind `(?<=…)` `(?<!…)`, non-atomic lookarounds `(?*…)` `(?<*…)`, and the alphabetic forms
 *   (`(*pla:…)`, `(*positive_lookbehind:…)`, `(*atomic:…)`, `(*sr:…)`, …);
 * - named groups `(?<n>…)`, `(?'n'…)`, `(?P<n>…)` (name syntax, at most 32 characters, duplicates only under `(?J)`);
 * - option settings `(?i)`, `(?im-sx)`, `(?^)`, `(?i:…)` with the letters i m n s x xx J U, and extended mode's
 *   whitespace and `#` comments; comments `(?#…)`; callouts `(?C)`, `(?C1)`, `(?C"text")`;
 * - conditionals `(?(1)…|…)`, `(?(<n>)…)`, `(?('n')…)`, `(?(R)…)`, `(?(R1)…)`, `(?(R&n)…)`, `(?(DEFINE)…)`,
 *   `(?(VERSION>=10.0)…)`, assertion conditions, at most two branches (DEFINE one);
 * - backtracking verbs `(*ACCEPT)`, `(*FAIL)`, `(*F)`, `(*COMMIT)`, `(*PRUNE)`, `(*SKIP)`, `(*THEN)` with optional
 *   `:NAME`, `(*MARK:NAME)`, `(*:NAME)`, and the start-of-pattern settings (`(*UTF)`, `(*UCP)`, `(*CRLF)`,
 *   `(*LIMIT_MATCH=d)`, …) only at the start;
 * - quantifiers `* + ? {n} {n,} {n,m}` with lazy `?` and possessive `+` suffixes, numbers at most 65535 and in order,
 *   "quantifier does not follow a repeatable item" (at the start of a branch, after an assertion such as `^` `$`
 *   `\b`, after an option setting or a verb, after another quantifier); a `{` that does not form a quantifier is a
 *   literal, as in PCRE2;
 * - escapes: `\a \e \f \n \r \t`, `\0oo`, `\o{…}`, `\xhh`, `\x{…}` (at most U+10FFFF, no surrogates), `\cX`
 *   (printable ASCII only), `\d \D \w \W \s \S \h \H \v \V \R \N \X \C`, `\p{…}`/`\P{…}`/`\pL` (`^` negation
 *   included), `\b \B \A \z \Z \G \K`, `\Q…\E` quoting, back references `\1`…, `\g1`, `\g{-1}`, `\g{name}`,
 *   `\k<n>`, `\k'n'`, `\k{n}`, `(?P=n)`, subroutine calls `(?R)`, `(?1)`, `(?-1)`, `(?+1)`, `(?&n)`, `(?P>n)`,
 *   `\g<n>`, `\g'n'`; the PCRE2 rules that tell a back reference from an octal escape; unsupported `\L \l \U \u \F
 *   \N{name}` and unknown letter escapes are errors;
 * - character classes with `^`, a leading `]`, ranges in order, no class escape as a range end, POSIX classes
 *   `[:alpha:]` `[:^digit:]` (the 14 names) only inside a class, collating elements `[.x.]` `[=x=]` refused;
 * - references to groups that do not exist (checked after the whole pattern, since forward references are allowed)
 *   and to unknown names;
 * - lookbehind contents of fixed length per top-level branch (the rule before PCRE2 10.43; a pattern that passes
 *   here also compiles on 10.43 and later, which relaxed it).
 *
 * What it does not cover: Unicode script and binary property names are checked for syntax only, not against
 * Unicode's lists (general categories such as `Lu` are checked); a back reference inside a lookbehind is always taken
 * as variable length (PCRE2 accepts some); compile-time limits that depend on the compiled size (pattern too large,
 * nesting deeper than the parenthesis limit, lookbehind longer than 65535); `\C` inside a lookbehind; the
 * `(*LIMIT_…)` values; and match limits. Catastrophic backtracking is checked separately, by
 * {@link checkBacktracking} (nested repetition).
 */
import { issue, type RuleIssue, type RuleKey } from './types.js';

/** Longest group name PCRE2 accepts. */
export const PCRE_MAX_NAME_LENGTH = 32;
/** Largest number in a `{n,m}` quantifier that PCRE2 accepts. */
export const PCRE_MAX_QUANTIFIER = 65535;

type Node =
  | { t: 'char' }
  | { t: 'zero' }
  | { t: 'var' }
  | { t: 'backref' }
  | { t: 'group'; branches: Node[][]; width: 'normal' | 'zero'; lookbehind: boolean; conditional: boolean; offset: number; atomic?: boolean }
  | { t: 'repeat'; item: Node; min: number; max: number; possessive: boolean; offset: number }
  | { t: 'call'; number: number | null; name: string | null; offset: number };

class PcreError extends Error {
  constructor(
    readonly key: RuleKey,
    readonly offset: number,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

const POSIX_CLASSES = new Set([
  'alnum', 'alpha', 'ascii', 'blank', 'cntrl', 'digit', 'graph', 'lower', 'print', 'punct', 'space', 'upper', 'word', 'xdigit',
]);

const GENERAL_CATEGORIES = new Set([
  'C', 'Cc', 'Cf', 'Cn', 'Co', 'Cs', 'L', 'L&', 'Lc', 'Ll', 'Lm', 'Lo', 'Lt', 'Lu', 'M', 'Mc', 'Me', 'Mn', 'N', 'Nd',
  'Nl', 'No', 'P', 'Pc', 'Pd', 'Pe', 'Pf', 'Pi', 'Po', 'Ps', 'S', 'Sc', 'Sk', 'Sm', 'So', 'Z', 'Zl', 'Zp', 'Zs',
]);

const START_SETTINGS = new Set([
  'UTF', 'UTF8', 'UCP', 'NO_AUTO_POSSESS', 'NO_DOTSTAR_ANCHOR', 'NO_JIT', 'NO_START_OPT', 'NOTEMPTY',
  'NOTEMPTY_ATSTART', 'CR', 'LF', 'CRLF', 'ANYCRLF', 'ANY', 'NUL', 'BSR_ANYCRLF', 'BSR_UNICODE',
]);
const START_LIMITS = new Set(['LIMIT_MATCH', 'LIMIT_DEPTH', 'LIMIT_HEAP', 'LIMIT_RECURSION']);

/** `{n}`, `{n,}`, `{n,m}` at a given position (sticky). */
const QUANTIFIER = /\{([0-9]+)(,([0-9]*))?\}/y;
/** `[:name:]`, `[:^name:]`, `[.x.]`, `[=x=]` at a given position (sticky). */
const POSIX = /\[([:.=])(\^?)([A-Za-z]*)([:.=])\]/y;

/** Alphabetic group forms that do not backtrack into themselves, like `(?>…)`. */
const ATOMIC_WORDS = new Set(['atomic', 'asr', 'atomic_script_run']);

const VERBS_WITH_OPTIONAL_NAME = new Set(['ACCEPT', 'FAIL', 'F', 'COMMIT', 'PRUNE', 'SKIP', 'THEN']);

const ALPHA_ASSERTIONS: Record<string, { width: 'normal' | 'zero'; lookbehind: boolean }> = {
  pla: { width: 'zero', lookbehind: false },
  positive_lookahead: { width: 'zero', lookbehind: false },
  nla: { width: 'zero', lookbehind: false },
  negative_lookahead: { width: 'zero', lookbehind: false },
  plb: { width: 'zero', lookbehind: true },
  positive_lookbehind: { width: 'zero', lookbehind: true },
  nlb: { width: 'zero', lookbehind: true },
  negative_lookbehind: { width: 'zero', lookbehind: true },
  napla: { width: 'zero', lookbehind: false },
  non_atomic_positive_lookahead: { width: 'zero', lookbehind: false },
  naplb: { width: 'zero', lookbehind: true },
  non_atomic_positive_lookbehind: { width: 'zero', lookbehind: true },
  atomic: { width: 'normal', lookbehind: false },
  sr: { width: 'normal', lookbehind: false },
  script_run: { width: 'normal', lookbehind: false },
  asr: { width: 'normal', lookbehind: false },
  atomic_script_run: { width: 'normal', lookbehind: false },
};

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

function isHex(c: string | undefined): boolean {
  return c !== undefined && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'));
}

function isOctal(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '7';
}

function isWordStart(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_');
}

function isWordChar(c: string | undefined): boolean {
  return isWordStart(c) || isDigit(c);
}

/** The result of reading one escape. */
type Escape =
  | { kind: 'char'; code: number }
  | { kind: 'class' }
  | { kind: 'assert' }
  | { kind: 'var' }
  | { kind: 'backref' }
  | { kind: 'call'; number: number | null; name: string | null }
  | { kind: 'quote' }
  | { kind: 'none' };

interface Flags {
  extended: boolean;
  extendedMore: boolean;
}

class Parser {
  private i = 0;
  private captures = 0;
  private readonly names = new Map<string, number>();
  private readonly groupsByNumber = new Map<number, Extract<Node, { t: 'group' }>>();
  private readonly numberedRefs: Array<{ number: number; offset: number }> = [];
  private readonly namedRefs: Array<{ name: string; offset: number }> = [];
  private readonly duplicateNamesAllowed: boolean;
  /** Assertion groups used as conditions: not part of the tree, but their lookbehinds are checked too. */
  private readonly conditionGroups: Node[] = [];
  private flags: Flags = { extended: false, extendedMore: false };

  constructor(private readonly p: string) {
    // (?J) anywhere allows duplicate names; the checker does not track its scope.
    this.duplicateNamesAllowed = /\(\?[a-zA-Z^-]*J/.test(p);
  }

  parse(): Node[][] {
    this.readStartSettings();
    const branches = this.parseAlternation(false, false);
    if (this.i < this.p.length) throw new PcreError('pcre.unmatched-closing-parenthesis', this.i);
    this.checkReferences();
    for (const branch of branches) this.checkLookbehinds(branch);
    this.checkLookbehinds(this.conditionGroups);
    return branches;
  }

  private readStartSettings(): void {
    const p = this.p;
    while (p.startsWith('(*', this.i)) {
      const close = p.indexOf(')', this.i);
      if (close < 0) return;
      const body = p.slice(this.i + 2, close);
      const eq = body.indexOf('=');
      const known = eq < 0 ? START_SETTINGS.has(body) : START_LIMITS.has(body.slice(0, eq)) && /^[0-9]+$/.test(body.slice(eq + 1));
      if (!known) return;
      this.i = close + 1;
    }
  }

  private skipExtended(): void {
    if (!this.flags.extended) return;
    const p = this.p;
    while (this.i < p.length) {
      const c = p[this.i]!;
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v') this.i++;
      else if (c === '#') {
        while (this.i < p.length && p[this.i] !== '\n') this.i++;
      } else break;
    }
  }

  /** Reads branches until `)` (left unread) or the end. */
  private parseAlternation(branchReset: boolean, insideGroup: boolean): Node[][] {
    const branches: Node[][] = [];
    const base = this.captures;
    let most = base;
    for (;;) {
      branches.push(this.parseSequence());
      if (branchReset) {
        most = Math.max(most, this.captures);
      }
      if (this.p[this.i] === '|') {
        this.i++;
        if (branchReset) this.captures = base;
        continue;
      }
      break;
    }
    if (branchReset) this.captures = most;
    if (!insideGroup && this.p[this.i] === ')') throw new PcreError('pcre.unmatched-closing-parenthesis', this.i);
    return branches;
  }

  private parseSequence(): Node[] {
    const items: Node[] = [];
    const p = this.p;
    let previous: Node | null = null;
    for (;;) {
      this.skipExtended();
      if (this.i >= p.length) break;
      const c = p[this.i]!;
      if (c === '|' || c === ')') break;
      const quantifierStart = this.i;
      const quantifier = this.readQuantifier();
      if (quantifier !== null) {
        if (previous === null) throw new PcreError('pcre.nothing-to-repeat', quantifierStart);
        items[items.length - 1] = { t: 'repeat', item: previous, ...quantifier, offset: quantifierStart };
        previous = null;
        continue;
      }
      const produced = this.parseAtom();
      if (produced === undefined) continue;
      items.push(produced.node);
      previous = produced.quantifiable ? produced.node : null;
    }
    return items;
  }

  /** A quantifier at the cursor, consumed with its lazy or possessive suffix; `null` when there is none. */
  private readQuantifier(): { min: number; max: number; possessive: boolean } | null {
    const p = this.p;
    const c = p[this.i];
    let min: number;
    let max: number;
    if (c === '*') [min, max] = [0, Infinity];
    else if (c === '+') [min, max] = [1, Infinity];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{') {
      QUANTIFIER.lastIndex = this.i;
      const match = QUANTIFIER.exec(p);
      if (match === null) return null;
      min = Number(match[1]);
      max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
      if (min > PCRE_MAX_QUANTIFIER || (max !== Infinity && max > PCRE_MAX_QUANTIFIER)) {
        throw new PcreError('pcre.quantifier-too-big', this.i, { max: PCRE_MAX_QUANTIFIER });
      }
      if (max < min) throw new PcreError('pcre.quantifier-out-of-order', this.i);
      this.i += match[0].length - 1;
    } else return null;
    this.i++;
    const possessive = p[this.i] === '+';
    if (p[this.i] === '?' || possessive) this.i++;
    return { min, max, possessive };
  }

  /** One item; `undefined` for text that produces nothing (`\E`, an empty `\Q\E`). */
  private parseAtom(): { node: Node; quantifiable: boolean } | undefined {
    const p = this.p;
    const start = this.i;
    const c = p[this.i]!;
    switch (c) {
      case '\\': {
        const escape = this.readEscape(false);
        switch (escape.kind) {
          case 'none':
            return undefined;
          case 'quote':
            return this.readQuoted();
          case 'char':
          case 'class':
            return { node: { t: 'char' }, quantifiable: true };
          case 'assert':
            return { node: { t: 'zero' }, quantifiable: false };
          case 'var':
            return { node: { t: 'var' }, quantifiable: true };
          case 'backref':
            return { node: { t: 'backref' }, quantifiable: true };
          case 'call':
            return { node: { t: 'call', number: escape.number, name: escape.name, offset: start }, quantifiable: true };
        }
        break;
      }
      case '[':
        this.parseClass();
        return { node: { t: 'char' }, quantifiable: true };
      case '(':
        return this.parseGroup();
      case '.':
        this.i++;
        return { node: { t: 'char' }, quantifiable: true };
      case '^':
      case '$':
        this.i++;
        return { node: { t: 'zero' }, quantifiable: false };
      default: {
        const code = p.codePointAt(this.i)!;
        this.i += code > 0xffff ? 2 : 1;
        return { node: { t: 'char' }, quantifiable: true };
      }
    }
  }

  /** After `\Q`: literal text up to `\E` or the end; each character is an item, the last one quantifiable. */
  private readQuoted(): { node: Node; quantifiable: boolean } | undefined {
    const end = this.p.indexOf('\\E', this.i);
    const stop = end < 0 ? this.p.length : end;
    const empty = stop === this.i;
    this.i = end < 0 ? stop : stop + 2;
    return empty ? undefined : { node: { t: 'char' }, quantifiable: true };
  }

  private readEscape(inClass: boolean): Escape {
    const p = this.p;
    const start = this.i;
    this.i++;
    if (this.i >= p.length) throw new PcreError('pcre.trailing-backslash', start);
    const c = p[this.i]!;
    this.i++;
    const invalidInClass = (): Escape => {
      throw new PcreError('pcre.escape-invalid-in-class', start, { escape: `\\${c}` });
    };
    switch (c) {
      case 'a':
        return { kind: 'char', code: 7 };
      case 'e':
        return { kind: 'char', code: 27 };
      case 'f':
        return { kind: 'char', code: 12 };
      case 'n':
        return { kind: 'char', code: 10 };
      case 'r':
        return { kind: 'char', code: 13 };
      case 't':
        return { kind: 'char', code: 9 };
      case '0': {
        let code = 0;
        for (let k = 0; k < 2 && isOctal(p[this.i]); k++) code = code * 8 + Number(p[this.i++]);
        return { kind: 'char', code };
      }
      case 'o': {
        if (p[this.i] !== '{') throw new PcreError('pcre.missing-brace', start, { escape: '\\o' });
        const close = p.indexOf('}', this.i);
        const digits = close < 0 ? '' : p.slice(this.i + 1, close);
        if (close < 0 || digits.length === 0 || !/^[0-7]+$/.test(digits)) throw new PcreError('pcre.bad-code-point', start);
        this.i = close + 1;
        return { kind: 'char', code: this.checkCodePoint(parseInt(digits, 8), start) };
      }
      case 'x': {
        if (p[this.i] === '{') {
          const close = p.indexOf('}', this.i);
          const digits = close < 0 ? '' : p.slice(this.i + 1, close);
          if (close < 0 || digits.length === 0 || !/^[0-9a-fA-F]+$/.test(digits)) throw new PcreError('pcre.bad-code-point', start);
          this.i = close + 1;
          return { kind: 'char', code: this.checkCodePoint(parseInt(digits, 16), start) };
        }
        let code = 0;
        for (let k = 0; k < 2 && isHex(p[this.i]); k++) code = code * 16 + parseInt(p[this.i++]!, 16);
        return { kind: 'char', code };
      }
      case 'c': {
        const next = p.charCodeAt(this.i);
        if (this.i >= p.length || next < 0x20 || next > 0x7e) throw new PcreError('pcre.bad-control-escape', start);
        this.i++;
        return { kind: 'char', code: p[this.i - 1]!.toUpperCase().charCodeAt(0) ^ 0x40 };
      }
      case 'd':
      case 'D':
      case 'w':
      case 'W':
      case 's':
      case 'S':
      case 'h':
      case 'H':
      case 'v':
      case 'V':
        return { kind: 'class' };
      case 'p':
      case 'P':
        this.readProperty(start);
        return { kind: 'class' };
      case 'R':
      case 'X':
        return inClass ? invalidInClass() : { kind: 'var' };
      case 'N':
        if (p[this.i] === '{') {
          // Only \N{U+hhhh} is supported (UTF mode); \N{name} is not.
          const match = /^\{U\+([0-9a-fA-F]+)\}/.exec(p.slice(this.i));
          if (match === null) throw new PcreError('pcre.unsupported-escape', start, { escape: '\\N{name}' });
          this.i += match[0].length;
          return { kind: 'char', code: this.checkCodePoint(parseInt(match[1]!, 16), start) };
        }
        return inClass ? invalidInClass() : { kind: 'class' };
      case 'C':
        return inClass ? invalidInClass() : { kind: 'class' };
      case 'b':
        return inClass ? { kind: 'char', code: 8 } : { kind: 'assert' };
      case 'B':
      case 'A':
      case 'z':
      case 'Z':
      case 'G':
      case 'K':
        return inClass ? invalidInClass() : { kind: 'assert' };
      case 'Q':
        return { kind: 'quote' };
      case 'E':
        return { kind: 'none' };
      case 'g':
        return inClass ? invalidInClass() : this.readGReference(start);
      case 'k':
        return inClass ? invalidInClass() : this.readKReference(start);
      case 'L':
      case 'l':
      case 'U':
      case 'u':
      case 'F':
        throw new PcreError('pcre.unsupported-escape', start, { escape: `\\${c}` });
      default:
        break;
    }
    if (c >= '1' && c <= '9') return this.readDigitEscape(start, inClass);
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
      throw new PcreError('pcre.unknown-escape', start, { escape: `\\${c}` });
    }
    // Any other character escaped stands for itself (including an astral character's first half).
    if (c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) <= 0xdbff) this.i++;
    return { kind: 'char', code: c.codePointAt(0)! };
  }

  private checkCodePoint(code: number, offset: number): number {
    if (!Number.isFinite(code) || code > 0x10ffff) throw new PcreError('pcre.code-point-too-large', offset);
    if (code >= 0xd800 && code <= 0xdfff) throw new PcreError('pcre.surrogate-code-point', offset);
    return code;
  }

  /**
   * `\1`-`\9…`: a back reference when the number is below 10, starts with 8 or 9, or there are already that many
   * groups; otherwise up to three octal digits (PCRE2's rule). Inside a class, `\8` and `\9` are literal digits and
   * the rest is octal.
   */
  private readDigitEscape(start: number, inClass: boolean): Escape {
    const p = this.p;
    const first = p[start + 1]!;
    if (inClass) {
      if (first === '8' || first === '9') return { kind: 'char', code: first.charCodeAt(0) };
      let code = Number(first);
      for (let k = 0; k < 2 && isOctal(p[this.i]); k++) code = code * 8 + Number(p[this.i++]);
      return { kind: 'char', code };
    }
    let end = this.i;
    while (isDigit(p[end])) end++;
    const number = Number(p.slice(start + 1, end));
    if (number < 10 || first === '8' || first === '9' || number <= this.captures) {
      if (number > PCRE_MAX_QUANTIFIER) throw new PcreError('pcre.group-number-too-big', start);
      this.i = end;
      this.numberedRefs.push({ number, offset: start });
      return { kind: 'backref' };
    }
    // Octal (the first digit is 1-7 here): up to two more octal digits.
    this.i = start + 2;
    let code = Number(first);
    for (let k = 0; k < 2 && isOctal(p[this.i]); k++) code = code * 8 + Number(p[this.i++]);
    return { kind: 'char', code };
  }

  private readName(offset: number, terminator: string): string {
    const p = this.p;
    const start = this.i;
    if (isDigit(p[this.i])) throw new PcreError('pcre.group-name-digit', offset);
    while (isWordChar(p[this.i])) this.i++;
    const name = p.slice(start, this.i);
    if (name.length === 0) throw new PcreError('pcre.group-name-expected', offset);
    if (name.length > PCRE_MAX_NAME_LENGTH) throw new PcreError('pcre.group-name-too-long', offset, { max: PCRE_MAX_NAME_LENGTH });
    if (p[this.i] !== terminator) throw new PcreError('pcre.group-name-terminator', this.i, { terminator });
    this.i++;
    return name;
  }

  /** Reads a signed or unsigned group number up to `terminator`; `null` when the text there is not a number. */
  private readNumberReference(terminator: string): { sign: '' | '+' | '-'; value: number } | null {
    const match = new RegExp(`^([+-]?)([0-9]+)\\${terminator}`).exec(this.p.slice(this.i, this.i + 12));
    if (match === null) return null;
    this.i += match[0].length;
    return { sign: match[1] as '' | '+' | '-', value: Number(match[2]) };
  }

  /** Turns a relative reference into an absolute group number. */
  private resolveRelative(sign: '' | '+' | '-', value: number, offset: number): number {
    if (sign === '') return value;
    if (value === 0) throw new PcreError('pcre.nonexistent-group', offset);
    const number = sign === '-' ? this.captures - value + 1 : this.captures + value;
    if (number <= 0) throw new PcreError('pcre.nonexistent-group', offset);
    return number;
  }

  private readGReference(start: number): Escape {
    const p = this.p;
    const open = p[this.i];
    if (open === '<' || open === "'") {
      // \g<n> and \g'n': subroutine calls (Oniguruma syntax).
      const close = open === '<' ? '>' : "'";
      this.i++;
      const numbered = this.readNumberReference(close);
      if (numbered !== null) {
        const number = this.resolveRelative(numbered.sign, numbered.value, start);
        if (number !== 0) this.numberedRefs.push({ number, offset: start });
        return { kind: 'call', number, name: null };
      }
      const name = this.readName(start, close);
      this.namedRefs.push({ name, offset: start });
      return { kind: 'call', number: null, name };
    }
    if (open === '{') {
      this.i++;
      const numbered = this.readNumberReference('}');
      if (numbered !== null) {
        if (numbered.sign === '+' || numbered.value === 0) throw new PcreError('pcre.bad-g-reference', start);
        this.numberedRefs.push({ number: this.resolveRelative(numbered.sign, numbered.value, start), offset: start });
        return { kind: 'backref' };
      }
      const name = this.readName(start, '}');
      this.namedRefs.push({ name, offset: start });
      return { kind: 'backref' };
    }
    const match = /^(-?)([0-9]+)/.exec(p.slice(this.i, this.i + 8));
    if (match === null || Number(match[2]) === 0) throw new PcreError('pcre.bad-g-reference', start);
    this.i += match[0].length;
    this.numberedRefs.push({ number: this.resolveRelative(match[1] as '' | '-', Number(match[2]), start), offset: start });
    return { kind: 'backref' };
  }

  private readKReference(start: number): Escape {
    const open = this.p[this.i];
    const close = open === '<' ? '>' : open === "'" ? "'" : open === '{' ? '}' : null;
    if (close === null) throw new PcreError('pcre.bad-k-reference', start);
    this.i++;
    const name = this.readName(start, close);
    this.namedRefs.push({ name, offset: start });
    return { kind: 'backref' };
  }

  private readProperty(start: number): void {
    const p = this.p;
    if (p[this.i] === '{') {
      const close = p.indexOf('}', this.i);
      if (close < 0) throw new PcreError('pcre.malformed-property', start);
      let name = p.slice(this.i + 1, close);
      if (name.startsWith('^')) name = name.slice(1);
      this.i = close + 1;
      if (name.length === 0 || !/^[A-Za-z0-9_ &=:-]+$/.test(name)) throw new PcreError('pcre.malformed-property', start);
      // One- and two-letter names are general categories and must be one; longer names are scripts or binary
      // properties, checked for syntax only.
      if (name.length <= 2 && !GENERAL_CATEGORIES.has(name)) throw new PcreError('pcre.unknown-property', start, { name });
      return;
    }
    const letter = p[this.i];
    if (letter === undefined || !GENERAL_CATEGORIES.has(letter)) throw new PcreError('pcre.malformed-property', start);
    this.i++;
  }

  /** A character class from `[` to its `]`. */
  private parseClass(): void {
    const p = this.p;
    const start = this.i;
    POSIX.lastIndex = start;
    const outside = POSIX.exec(p);
    if (outside !== null && outside[1] === outside[4]) throw new PcreError('pcre.posix-outside-class', start);
    this.i++;
    if (p[this.i] === '^') this.i++;
    // A `]` first in the class is a literal.
    let first = true;
    // The previous element: a single character (may start a range), or a class such as \d or [:alpha:].
    let previous: 'char' | 'class' | 'none' = 'none';
    let previousCode = -1;
    for (;;) {
      if (this.i >= p.length) throw new PcreError('pcre.missing-bracket', start);
      const c = p[this.i]!;
      if (c === ']' && !first) {
        this.i++;
        return;
      }
      first = false;
      if (this.flags.extendedMore && (c === ' ' || c === '\t')) {
        this.i++;
        continue;
      }
      if (c === '[' && (p[this.i + 1] === ':' || p[this.i + 1] === '.' || p[this.i + 1] === '=')) {
        const posix = this.readPosix();
        if (posix) {
          previous = 'class';
          continue;
        }
      }
      if (c === '-' && previous !== 'none' && p[this.i + 1] !== ']' && this.i + 1 < p.length) {
        const hyphen = this.i;
        this.i++;
        const right = this.readClassElement();
        if (right === null) continue;
        if (previous === 'class' || right.kind === 'class') throw new PcreError('pcre.invalid-range', hyphen);
        if (right.code < previousCode) throw new PcreError('pcre.range-out-of-order', hyphen);
        previous = 'none';
        continue;
      }
      const element = this.readClassElement();
      if (element === null) continue;
      previous = element.kind;
      previousCode = element.kind === 'char' ? element.code : -1;
    }
  }

  /** One element of a class: a character (with its code) or a class escape; `null` for `\E`/empty `\Q\E`. */
  private readClassElement(): { kind: 'char'; code: number } | { kind: 'class' } | null {
    const p = this.p;
    const c = p[this.i]!;
    if (c === '[' && p[this.i + 1] === ':') {
      if (this.readPosix()) return { kind: 'class' };
    }
    if (c !== '\\') {
      const code = p.codePointAt(this.i)!;
      this.i += code > 0xffff ? 2 : 1;
      return { kind: 'char', code };
    }
    const escape = this.readEscape(true);
    if (escape.kind === 'char') return escape;
    if (escape.kind === 'class') return { kind: 'class' };
    if (escape.kind === 'quote') {
      const end = p.indexOf('\\E', this.i);
      const stop = end < 0 ? p.length : end;
      const text = p.slice(this.i, stop);
      this.i = end < 0 ? stop : stop + 2;
      if (text.length === 0) return null;
      return { kind: 'char', code: text.codePointAt(text.length - 1)! };
    }
    return null;
  }

  /** At `[:`, `[.` or `[=`: reads a POSIX class; false when the text is not one (then `[` is a literal). */
  private readPosix(): boolean {
    const p = this.p;
    const kind = p[this.i + 1]!;
    POSIX.lastIndex = this.i;
    const match = POSIX.exec(p);
    if (match === null || match[4] !== kind) return false;
    if (kind !== ':') throw new PcreError('pcre.posix-collating', this.i);
    if (!POSIX_CLASSES.has(match[3]!)) throw new PcreError('pcre.unknown-posix-class', this.i, { name: match[3] });
    this.i += match[0].length;
    return true;
  }

  private parseGroup(): { node: Node; quantifiable: boolean } | undefined {
    const p = this.p;
    const start = this.i;
    this.i++;
    if (p[this.i] === '*') return this.parseStarGroup(start);
    if (p[this.i] !== '?') {
      const number = ++this.captures;
      const group = this.groupBody(start, { width: 'normal', lookbehind: false, conditional: false }, false);
      this.groupsByNumber.set(number, group);
      return { node: group, quantifiable: true };
    }
    this.i++;
    const c = p[this.i];
    const plain = { width: 'normal', lookbehind: false, conditional: false } as const;
    switch (c) {
      case '#': {
        const close = p.indexOf(')', this.i);
        if (close < 0) throw new PcreError('pcre.missing-comment-end', start);
        this.i = close + 1;
        return undefined;
      }
      case ':':
        this.i++;
        return { node: this.groupBody(start, plain, false), quantifiable: true };
      case '|':
        this.i++;
        return { node: this.groupBody(start, plain, true), quantifiable: true };
      case '>':
        this.i++;
        return { node: { ...this.groupBody(start, plain, false), atomic: true }, quantifiable: true };
      case '=':
      case '!':
      case '*':
        this.i++;
        return { node: this.groupBody(start, { width: 'zero', lookbehind: false, conditional: false }, false), quantifiable: true };
      case '<': {
        const next = p[this.i + 1];
        if (next === '=' || next === '!' || next === '*') {
          this.i += 2;
          return { node: this.groupBody(start, { width: 'zero', lookbehind: true, conditional: false }, false), quantifiable: true };
        }
        this.i++;
        return this.namedGroup(start, '>');
      }
      case "'":
        this.i++;
        return this.namedGroup(start, "'");
      case 'P': {
        const next = p[this.i + 1];
        this.i += 2;
        if (next === '<') return this.namedGroup(start, '>');
        if (next === '=' || next === '>') {
          const name = this.readName(start, ')');
          this.namedRefs.push({ name, offset: start });
          return next === '='
            ? { node: { t: 'backref' }, quantifiable: true }
            : { node: { t: 'call', number: null, name, offset: start }, quantifiable: true };
        }
        throw new PcreError('pcre.unknown-group-syntax', start);
      }
      case '&': {
        this.i++;
        const name = this.readName(start, ')');
        this.namedRefs.push({ name, offset: start });
        return { node: { t: 'call', number: null, name, offset: start }, quantifiable: true };
      }
      case 'R': {
        if (p[this.i + 1] !== ')') throw new PcreError('pcre.unknown-group-syntax', start);
        this.i += 2;
        return { node: { t: 'call', number: 0, name: null, offset: start }, quantifiable: true };
      }
      case '(':
        return this.conditionalGroup(start);
      case 'C':
        return this.callout(start);
      default:
        break;
    }
    if (isDigit(c) || ((c === '+' || c === '-') && isDigit(p[this.i + 1]))) {
      const numbered = this.readNumberReference(')');
      if (numbered === null) throw new PcreError('pcre.unknown-group-syntax', start);
      if (numbered.sign !== '' && numbered.value === 0) throw new PcreError('pcre.unknown-group-syntax', start);
      const number = this.resolveRelative(numbered.sign, numbered.value, start);
      if (number !== 0) this.numberedRefs.push({ number, offset: start });
      return { node: { t: 'call', number, name: null, offset: start }, quantifiable: true };
    }
    return this.optionSetting(start);
  }

  private namedGroup(start: number, terminator: string): { node: Node; quantifiable: boolean } {
    const name = this.readName(start, terminator);
    const number = ++this.captures;
    const existing = this.names.get(name);
    if (existing !== undefined && existing !== number && !this.duplicateNamesAllowed) {
      throw new PcreError('pcre.duplicate-group-name', start, { name });
    }
    this.names.set(name, number);
    const group = this.groupBody(start, { width: 'normal', lookbehind: false, conditional: false }, false);
    this.groupsByNumber.set(number, group);
    return { node: group, quantifiable: true };
  }

  /** Parses a group's branches up to and including its `)`, with option settings scoped to the group. */
  private groupBody(
    start: number,
    shape: { width: 'normal' | 'zero'; lookbehind: boolean; conditional: boolean },
    branchReset: boolean,
  ): Extract<Node, { t: 'group' }> {
    const saved = { ...this.flags };
    const branches = this.parseAlternation(branchReset, true);
    if (this.p[this.i] !== ')') throw new PcreError('pcre.missing-closing-parenthesis', start);
    this.i++;
    this.flags = saved;
    return { t: 'group', branches, offset: start, ...shape };
  }

  private parseStarGroup(start: number): { node: Node; quantifiable: boolean } | undefined {
    const p = this.p;
    const match = /^\*([A-Za-z_]*)(:?)/.exec(p.slice(this.i, this.i + 40));
    const word = match?.[1] ?? '';
    const colon = match?.[2] === ':';
    const assertion = colon && Object.hasOwn(ALPHA_ASSERTIONS, word) ? ALPHA_ASSERTIONS[word] : undefined;
    if (assertion !== undefined) {
      this.i += match![0].length;
      const group = this.groupBody(start, { ...assertion, conditional: false }, false);
      return { node: ATOMIC_WORDS.has(word) ? { ...group, atomic: true } : group, quantifiable: true };
    }
    // Verbs: (*NAME), (*NAME:ARG), (*:ARG).
    const close = p.indexOf(')', this.i);
    if (close < 0) throw new PcreError('pcre.missing-closing-parenthesis', start);
    const body = p.slice(this.i + 1, close);
    const separator = body.indexOf(':');
    const verb = separator < 0 ? body : body.slice(0, separator);
    const argument = separator < 0 ? null : body.slice(separator + 1);
    const known =
      (VERBS_WITH_OPTIONAL_NAME.has(verb) && (argument === null || argument.length > 0)) ||
      ((verb === 'MARK' || verb === '') && argument !== null && argument.length > 0);
    if (!known) {
      if (START_SETTINGS.has(verb) || START_LIMITS.has(verb.split('=')[0]!)) throw new PcreError('pcre.setting-not-at-start', start);
      throw new PcreError('pcre.unknown-verb', start, { verb: body });
    }
    this.i = close + 1;
    return { node: { t: 'zero' }, quantifiable: false };
  }

  private conditionalGroup(start: number): { node: Node; quantifiable: boolean } {
    const p = this.p;
    const conditionStart = this.i;
    // The condition: an assertion group, or a reference in parentheses.
    if (p[this.i + 1] === '?' && (p[this.i + 2] === '=' || p[this.i + 2] === '!' || p[this.i + 2] === '<')) {
      const lookbehind = p[this.i + 2] === '<';
      if (lookbehind && p[this.i + 3] !== '=' && p[this.i + 3] !== '!') throw new PcreError('pcre.malformed-condition', conditionStart);
      this.i += lookbehind ? 4 : 3;
      this.conditionGroups.push(this.groupBody(conditionStart, { width: 'zero', lookbehind, conditional: false }, false));
    } else if (p[this.i + 1] === '*') {
      this.i++;
      const condition = this.parseStarGroup(conditionStart);
      if (condition === undefined || condition.node.t !== 'group' || condition.node.width !== 'zero') {
        throw new PcreError('pcre.malformed-condition', conditionStart);
      }
      this.conditionGroups.push(condition.node);
    } else {
      const close = p.indexOf(')', this.i);
      if (close < 0) throw new PcreError('pcre.missing-closing-parenthesis', start);
      const condition = p.slice(this.i + 1, close);
      this.i = close + 1;
      this.checkCondition(condition, conditionStart);
      if (condition === 'DEFINE') {
        const group = this.groupBody(start, { width: 'zero', lookbehind: false, conditional: true }, false);
        if (group.branches.length > 1) throw new PcreError('pcre.define-one-branch', start);
        return { node: group, quantifiable: false };
      }
    }
    const group = this.groupBody(start, { width: 'normal', lookbehind: false, conditional: true }, false);
    if (group.branches.length > 2) throw new PcreError('pcre.conditional-too-many-branches', start);
    return { node: group, quantifiable: true };
  }

  private checkCondition(condition: string, offset: number): void {
    let match: RegExpExecArray | null;
    if ((match = /^([+-]?)([0-9]+)$/.exec(condition))) {
      const number = this.resolveRelative(match[1] as '' | '+' | '-', Number(match[2]), offset);
      if (number === 0) throw new PcreError('pcre.malformed-condition', offset);
      this.numberedRefs.push({ number, offset });
      return;
    }
    if ((match = /^<([A-Za-z_][A-Za-z0-9_]*)>$/.exec(condition)) || (match = /^'([A-Za-z_][A-Za-z0-9_]*)'$/.exec(condition))) {
      this.namedRefs.push({ name: match[1]!, offset });
      return;
    }
    if (condition === 'R' || condition === 'DEFINE' || /^R[0-9]+$/.test(condition)) return;
    if ((match = /^R&([A-Za-z_][A-Za-z0-9_]*)$/.exec(condition))) {
      this.namedRefs.push({ name: match[1]!, offset });
      return;
    }
    if (/^VERSION>?=[0-9]+(\.[0-9]+)?$/.test(condition)) return;
    // A bare name (Perl-compatible form), resolved at the end like the others.
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(condition)) {
      this.namedRefs.push({ name: condition, offset });
      return;
    }
    throw new PcreError('pcre.malformed-condition', offset);
  }

  private callout(start: number): undefined {
    const p = this.p;
    this.i++;
    const rest = p.slice(this.i);
    const match = /^(?:[0-9]{0,3}|`[^`]*`|'[^']*'|"[^"]*"|\^[^^]*\^|%[^%]*%|#[^#]*#|\$[^$]*\$|\{[^}]*\})\)/.exec(rest);
    if (match === null) throw new PcreError('pcre.bad-callout', start);
    this.i += match[0].length;
    return undefined;
  }

  private optionSetting(start: number): { node: Node; quantifiable: boolean } | undefined {
    const p = this.p;
    let negate = false;
    let letters = 0;
    const flags = { ...this.flags };
    if (p[this.i] === '^') {
      flags.extended = false;
      flags.extendedMore = false;
      this.i++;
      letters++;
    }
    for (;;) {
      const c = p[this.i];
      if (c === ')' || c === ':') break;
      if (c === '-' && !negate) {
        negate = true;
        this.i++;
        continue;
      }
      if (c === 'x') {
        const more = p[this.i + 1] === 'x';
        flags.extended = !negate;
        flags.extendedMore = !negate && more;
        this.i += more ? 2 : 1;
      } else if (c !== undefined && 'imnsJU'.includes(c)) {
        this.i++;
      } else {
        throw new PcreError('pcre.unknown-group-syntax', start);
      }
      letters++;
    }
    if (letters === 0 && !negate) throw new PcreError('pcre.unknown-group-syntax', start);
    if (p[this.i] === ')') {
      // Settings apply to the rest of the enclosing group.
      this.i++;
      this.flags = flags;
      return { node: { t: 'zero' }, quantifiable: false };
    }
    this.i++;
    const saved = this.flags;
    this.flags = flags;
    const group = this.groupBody(start, { width: 'normal', lookbehind: false, conditional: false }, false);
    this.flags = saved;
    return { node: group, quantifiable: true };
  }

  private checkReferences(): void {
    for (const ref of this.numberedRefs) {
      if (ref.number > this.captures) throw new PcreError('pcre.nonexistent-group', ref.offset);
    }
    for (const ref of this.namedRefs) {
      if (!this.names.has(ref.name)) throw new PcreError('pcre.unknown-group-name', ref.offset, { name: ref.name });
    }
  }

  /** The fixed length of a sequence, or `null` when it can vary. */
  private fixedLength(items: readonly Node[], visiting: Set<number>): number | null {
    let total = 0;
    for (const item of items) {
      const length = this.nodeLength(item, visiting);
      if (length === null) return null;
      total += length;
    }
    return total;
  }

  private nodeLength(node: Node, visiting: Set<number>): number | null {
    switch (node.t) {
      case 'char':
        return 1;
      case 'zero':
        return 0;
      case 'var':
      case 'backref':
        return null;
      case 'repeat': {
        if (node.min !== node.max) return null;
        const inner = this.nodeLength(node.item, visiting);
        return inner === null ? null : inner * node.min;
      }
      case 'group': {
        if (node.width === 'zero') return 0;
        // A conditional with one branch may match that branch or nothing.
        if (node.conditional && node.branches.length < 2) return null;
        let length: number | null = null;
        for (const branch of node.branches) {
          const branchLength = this.fixedLength(branch, visiting);
          if (branchLength === null || (length !== null && branchLength !== length)) return null;
          length = branchLength;
        }
        return length ?? 0;
      }
      case 'call': {
        const number = node.number ?? (node.name === null ? null : this.names.get(node.name) ?? null);
        if (number === null || number === 0 || visiting.has(number)) return null;
        const group = this.groupsByNumber.get(number);
        if (group === undefined) return null;
        visiting.add(number);
        const length = this.nodeLength(group, visiting);
        visiting.delete(number);
        return length;
      }
    }
  }

  /** Every lookbehind's top-level branches must each have a fixed length. */
  private checkLookbehinds(items: readonly Node[]): void {
    for (const node of items) {
      if (node.t === 'repeat') this.checkLookbehinds([node.item]);
      if (node.t !== 'group') continue;
      for (const branch of node.branches) {
        if (node.lookbehind && this.fixedLength(branch, new Set()) === null) {
          throw new PcreError('pcre.lookbehind-not-fixed', node.offset);
        }
        this.checkLookbehinds(branch);
      }
    }
  }
}

/**
 * The most turns an outer repetition of a varying body may take: `(\d{1,3}\.){3}` tries at most 3^3 splits and is
 * accepted, `(\w+\s?)*` tries 2^n on a string of n word characters that fails to match and is refused.
 */
const NESTED_REPEAT_OUTER_LIMIT = 10;

/** Whether a node can consume at least one character. */
function canConsume(node: Node): boolean {
  switch (node.t) {
    case 'zero':
      return false;
    case 'group':
      return node.width !== 'zero' && node.branches.some((branch) => branch.some(canConsume));
    case 'repeat':
      return node.max > 0 && canConsume(node.item);
    default:
      return true;
  }
}

/**
 * The first repetition inside `nodes` that can take a varying number of turns over input (`a+`, `\w{1,5}`), reached
 * without crossing an atomic group or a possessive quantifier (the engine never backtracks into those).
 */
function varyingRepeatWithin(nodes: readonly Node[]): Extract<Node, { t: 'repeat' }> | null {
  for (const node of nodes) {
    if (node.t === 'repeat') {
      if (node.possessive) continue;
      if (node.max > node.min && canConsume(node.item)) return node;
      const inner = varyingRepeatWithin([node.item]);
      if (inner) return inner;
    } else if (node.t === 'group' && !node.atomic) {
      for (const branch of node.branches) {
        const inner = varyingRepeatWithin(branch);
        if (inner) return inner;
      }
    }
  }
  return null;
}

/**
 * Catastrophic backtracking (ReDoS): a repetition that can run many turns over a body that itself repeats a varying
 * number of times (`(a+)+`, `(\w+\s?)*`, `^(([a-z])+.)+$`), so that a failing match tries every way of splitting
 * the input between the turns: exponential time. Returns the offset of the outer quantifier, or null.
 *
 * The stricter reading is taken on purpose: a nested repetition is refused even where a mandatory delimiter makes it
 * linear in practice (`(\d+\.)+`), because telling those apart needs the character sets of both sides; the message
 * names the fixes that keep the meaning (a possessive `++` or an atomic group `(?>…)` inside, or a bound on the
 * outer count). Overlapping alternatives under a repetition (`(a|aa)+`) are not detected.
 */
function nestedRepetition(nodes: readonly Node[]): number | null {
  for (const node of nodes) {
    if (node.t === 'repeat') {
      if (!node.possessive && node.max > NESTED_REPEAT_OUTER_LIMIT && varyingRepeatWithin([node.item])) return node.offset;
      const inner = nestedRepetition([node.item]);
      if (inner !== null) return inner;
    } else if (node.t === 'group') {
      for (const branch of node.branches) {
        const inner = nestedRepetition(branch);
        if (inner !== null) return inner;
      }
    }
  }
  return null;
}

/**
 * Checks that a pattern which compiles cannot backtrack catastrophically (see {@link nestedRepetition}); `null` when
 * it is safe, otherwise `pcre.catastrophic-backtracking` with the offset of the repetition to rewrite. Syntax errors
 * are left to {@link checkPcre}.
 */
export function checkBacktracking(pattern: string): RuleIssue | null {
  let branches: Node[][];
  try {
    branches = new Parser(pattern).parse();
  } catch {
    return null;
  }
  for (const branch of branches) {
    const offset = nestedRepetition(branch);
    if (offset !== null) return issue('pcre.catastrophic-backtracking', { offset });
  }
  return null;
}

/**
 * Checks PCRE2 syntax; `null` when the pattern compiles, otherwise the first error with its 0-based `offset` in the
 * pattern (the position PCRE2 itself reports may differ by a few characters for the same error).
 */
export function checkPcre(pattern: string): RuleIssue | null {
  try {
    new Parser(pattern).parse();
    return null;
  } catch (error) {
    if (error instanceof PcreError) return issue(error.key, { offset: error.offset, ...error.extra });
    if (error instanceof RangeError) return issue('pcre.too-complex');
    throw error;
  }
}

/** True when the pattern is valid PCRE2 syntax as far as {@link checkPcre} can tell. */
export function isPcre(pattern: string): boolean {
  return checkPcre(pattern) === null;
}

/**
 * A regular-expression field of a WAF condition: required, then PCRE2 syntax (rules §5 Match rules and WAF), then
 * no catastrophic backtracking, so that a saved rule cannot stall the edge or the tester.
 */
export function validatePcre(value: string | null | undefined): RuleIssue | null {
  if (value === null || value === undefined || value.length === 0) return issue('common.required');
  return checkPcre(value) ?? checkBacktracking(value);
}
