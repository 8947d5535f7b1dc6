/**
 * Translates the PCRE2 patterns of WAF conditions (rules §5 "Regular expressions are PCRE") into JavaScript RegExps
 * with the same meaning, so a sample request can be matched in the browser and by the reference server with one
 * piece of code. Where JavaScript has no equivalent, the translation says which construct stopped it instead of
 * guessing; the tester then reports the condition as not evaluable rather than showing a wrong outcome.
 *
 * Matching is case-insensitive (rules §5: "String matching is case-insensitive"; the stricter reading applies it to
 * regular expressions too), in UTF mode (the `u` flag: code points, as PCRE2 with UTF), and only "does it match
 * anywhere" is asked, so constructs that change the reported match but not whether there is one (`\K`, callouts,
 * branch-reset numbering) are dropped.
 *
 * Equivalences used, where JavaScript differs from PCRE2's defaults:
 * - `.` excludes only `\n` (PCRE2's default newline is LF; JavaScript also excludes `\r`, U+2028, U+2029);
 *   `(?s)` makes it match everything.
 * - `$` also matches before a final `\n` (`(?=\n?$)`); `\Z` likewise; `\z` is the very end; `\A` and `\G` (a single
 *   search from the start) are the start. `(?m)` makes `^` match after any `\n` that is not the last character and
 *   `$` before any `\n`. JavaScript's own `m` flag is never used.
 * - `\s` is PCRE2's ASCII white space `[\t\n\v\f\r ]` (JavaScript's `\s` also takes Unicode spaces); `\h`, `\v`,
 *   `\R`, `\N` and their negations are spelt out; POSIX classes become ranges.
 * - Atomic groups `(?>…)` and possessive quantifiers `a*+` become `(?=(?<g>…))\k<g>`: a lookahead is atomic in
 *   JavaScript, so the captured text is taken whole, exactly as PCRE2 commits to it.
 * - `(?x)`/`(?xx)` white space and comments are removed; `(?n)` turns plain groups into non-capturing ones; `(?U)`
 *   swaps greedy and lazy quantifiers.
 *
 * Not translated (the result names the construct): back references (JavaScript lets a reference to a group that did
 * not take part match the empty string; PCRE2 fails it), subroutine calls and recursion, conditionals, backtracking
 * verbs, script runs, non-atomic lookarounds, `\X`, `\C`, case-sensitive parts (`(?-i)`), duplicate group names,
 * newline conventions and `(*UCP)`, Unicode properties JavaScript does not know, and nested unbounded repetition
 * (`(a+)+`), which JavaScript's backtracking engine may take exponential time over while the edge's PCRE2 stops at its
 * match limit; the reference server evaluates those under a time limit instead.
 */
import { checkPcre } from '../rules/pcre.js';

/** Why a pattern cannot be evaluated with a JavaScript RegExp. */
export type UntranslatableConstruct =
  | 'syntax'
  | 'backreference'
  | 'subroutine'
  | 'conditional'
  | 'verb'
  | 'script-run'
  | 'non-atomic-lookaround'
  | 'grapheme-cluster'
  | 'code-unit'
  | 'case-sensitive'
  | 'duplicate-names'
  | 'newline-convention'
  | 'unicode-property'
  | 'nested-quantifier';

/** The translation: a RegExp source and flags, or the construct that stopped it and where. */
export type PcreTranslation =
  | {
      ok: true;
      /** JavaScript RegExp source. */
      source: string;
      /** Always `iu`. */
      flags: string;
      /** True when the pattern has an anchor, a word boundary or a lookaround (its matches depend on context). */
      assertions: boolean;
    }
  | { ok: false; construct: UntranslatableConstruct; offset: number };

/** Options of {@link translatePcre}. */
export interface TranslateOptions {
  /** Translate nested unbounded repetition too (the server does, under a time limit). Default false. */
  allowNestedQuantifiers?: boolean;
}

class Untranslatable extends Error {
  constructor(
    readonly construct: UntranslatableConstruct,
    readonly offset: number,
  ) {
    super(construct);
  }
}

interface Flags {
  s: boolean;
  m: boolean;
  x: boolean;
  xx: boolean;
  n: boolean;
  U: boolean;
}

/** One translated item of a sequence; `depth` counts nested unbounded repetition that can still backtrack. */
interface Atom {
  source: string;
  /** `single`: one character or class; `group`: a parenthesised group; `assertion`; `sequence`: anything else. */
  kind: 'single' | 'group' | 'assertion' | 'sequence';
  depth: number;
}

type Range = readonly [number, number];

const MAX_CODE_POINT = 0x10ffff;
const SPACE: Range[] = [[0x09, 0x0d], [0x20, 0x20]];
const HORIZONTAL: Range[] = [[0x09, 0x09], [0x20, 0x20], [0xa0, 0xa0], [0x1680, 0x1680], [0x180e, 0x180e], [0x2000, 0x200a], [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000]];
const VERTICAL: Range[] = [[0x0a, 0x0d], [0x85, 0x85], [0x2028, 0x2029]];
const DIGIT: Range[] = [[0x30, 0x39]];
const WORD: Range[] = [[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]];

const POSIX_RANGES: Record<string, Range[]> = {
  alnum: [[0x30, 0x39], [0x41, 0x5a], [0x61, 0x7a]],
  alpha: [[0x41, 0x5a], [0x61, 0x7a]],
  ascii: [[0x00, 0x7f]],
  blank: [[0x09, 0x09], [0x20, 0x20]],
  cntrl: [[0x00, 0x1f], [0x7f, 0x7f]],
  digit: DIGIT,
  graph: [[0x21, 0x7e]],
  lower: [[0x61, 0x7a]],
  print: [[0x20, 0x7e]],
  punct: [[0x21, 0x2f], [0x3a, 0x40], [0x5b, 0x60], [0x7b, 0x7e]],
  space: SPACE,
  upper: [[0x41, 0x5a]],
  word: WORD,
  xdigit: [[0x30, 0x39], [0x41, 0x46], [0x61, 0x66]],
};

/** Alphabetic assertion names of PCRE2 10.23+ and what they become. */
const ALPHA_GROUPS: Record<string, '(?=' | '(?!' | '(?<=' | '(?<!' | 'atomic' | 'script-run' | 'non-atomic-lookaround'> = {
  pla: '(?=',
  positive_lookahead: '(?=',
  nla: '(?!',
  negative_lookahead: '(?!',
  plb: '(?<=',
  positive_lookbehind: '(?<=',
  nlb: '(?<!',
  negative_lookbehind: '(?<!',
  atomic: 'atomic',
  napla: 'non-atomic-lookaround',
  non_atomic_positive_lookahead: 'non-atomic-lookaround',
  naplb: 'non-atomic-lookaround',
  non_atomic_positive_lookbehind: 'non-atomic-lookaround',
  sr: 'script-run',
  script_run: 'script-run',
  asr: 'script-run',
  atomic_script_run: 'script-run',
};

/** Start-of-pattern settings that do not change what matches (UTF is always on; limits only bound the work). */
const HARMLESS_START_SETTINGS = /^(UTF8?|NO_AUTO_POSSESS|NO_DOTSTAR_ANCHOR|NO_JIT|NO_START_OPT|LIMIT_(MATCH|DEPTH|HEAP|RECURSION)=[0-9]+)$/;

/** Repetition bound above which a quantifier counts as unbounded for the nesting check. */
const UNBOUNDED_FROM = 16;

function hex(code: number): string {
  return `\\u{${code.toString(16)}}`;
}

/** A literal code point, safe in a `u`-mode pattern and inside a class. */
function literal(code: number): string {
  const isPlain = (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f;
  return isPlain ? String.fromCodePoint(code) : hex(code);
}

function rangesSource(ranges: readonly Range[]): string {
  return ranges.map(([from, to]) => (from === to ? literal(from) : `${literal(from)}-${literal(to)}`)).join('');
}

/** Everything not in `ranges` (sorted, disjoint). */
function complement(ranges: readonly Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Range[] = [];
  let next = 0;
  for (const [from, to] of sorted) {
    if (from > next) out.push([next, from - 1]);
    next = Math.max(next, to + 1);
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

/** Tries the spellings PCRE2 accepts for a property name until JavaScript knows one. */
function jsProperty(name: string): string | null {
  if (name === 'L&' || name === 'LC') return 'LC';
  if (name === 'Any') return null;
  const words = name.split(/[ _-]+/).filter(Boolean);
  const title = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()).join('_');
  const candidates = name.length <= 2 ? [name] : [name, `Script=${title}`, `Script=${name}`, title];
  for (const candidate of candidates) {
    try {
      new RegExp(`\\p{${candidate}}`, 'u');
      return candidate;
    } catch {
      // Not a name JavaScript knows in this spelling; try the next.
    }
  }
  return null;
}

class Translator {
  private i = 0;
  private captures = 0;
  private atomicNames = 0;
  private assertions = false;
  private readonly names = new Set<string>();
  private flags: Flags = { s: false, m: false, x: false, xx: false, n: false, U: false };

  constructor(
    private readonly p: string,
    private readonly allowNested: boolean,
  ) {}

  run(): string {
    this.readStartSettings();
    const source = this.alternation();
    return source.atoms;
  }

  hasAssertions(): boolean {
    return this.assertions;
  }

  private readStartSettings(): void {
    const p = this.p;
    while (p.startsWith('(*', this.i)) {
      const close = p.indexOf(')', this.i);
      const body = p.slice(this.i + 2, close);
      if (/^[a-z_]+:/.test(body) || close < 0) return;
      if (body === 'UCP') throw new Untranslatable('unicode-property', this.i);
      if (!HARMLESS_START_SETTINGS.test(body)) {
        if (/^(CR|LF|CRLF|ANYCRLF|ANY|NUL|BSR_ANYCRLF|BSR_UNICODE|NOTEMPTY|NOTEMPTY_ATSTART)$/.test(body)) {
          throw new Untranslatable('newline-convention', this.i);
        }
        return;
      }
      this.i = close + 1;
    }
  }

  private skipExtended(): void {
    if (!this.flags.x) return;
    const p = this.p;
    while (this.i < p.length) {
      const c = p[this.i]!;
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v') this.i++;
      else if (c === '#') {
        while (this.i < p.length && p[this.i] !== '\n') this.i++;
      } else break;
    }
  }

  /** Branches up to `)` (left unread) or the end; flags set inside end with the group. */
  private alternation(): { atoms: string; depth: number } {
    const saved = { ...this.flags };
    const branches: string[] = [];
    let depth = 0;
    for (;;) {
      const sequence = this.sequence();
      branches.push(sequence.map((atom) => atom.source).join(''));
      depth = Math.max(depth, ...sequence.map((atom) => atom.depth));
      if (this.p[this.i] === '|') {
        this.i++;
        continue;
      }
      break;
    }
    this.flags = saved;
    return { atoms: branches.join('|'), depth };
  }

  private sequence(): Atom[] {
    const items: Atom[] = [];
    const p = this.p;
    for (;;) {
      this.skipExtended();
      if (this.i >= p.length) break;
      const c = p[this.i]!;
      if (c === '|' || c === ')') break;
      const quantifier = this.readQuantifier();
      if (quantifier !== null) {
        const previous = items.pop();
        if (previous === undefined) throw new Untranslatable('syntax', this.i);
        items.push(this.quantify(previous, quantifier));
        continue;
      }
      items.push(...this.atom());
    }
    return items;
  }

  private readQuantifier(): { text: string; max: number; mode: 'greedy' | 'lazy' | 'possessive' } | null {
    const p = this.p;
    const start = this.i;
    const c = p[this.i];
    let text: string;
    let max: number;
    if (c === '*' || c === '+' || c === '?') {
      text = c;
      max = c === '?' ? 1 : Infinity;
      this.i++;
    } else if (c === '{') {
      const match = /\{([0-9]+)(,([0-9]*))?\}/y;
      match.lastIndex = start;
      const found = match.exec(p);
      if (found === null) return null;
      text = found[0];
      max = found[2] === undefined ? Number(found[1]) : found[3] === '' ? Infinity : Number(found[3]);
      this.i += text.length;
    } else return null;
    let mode: 'greedy' | 'lazy' | 'possessive' = 'greedy';
    if (p[this.i] === '?') {
      mode = 'lazy';
      this.i++;
    } else if (p[this.i] === '+') {
      mode = 'possessive';
      this.i++;
    }
    if (this.flags.U && mode !== 'possessive') mode = mode === 'lazy' ? 'greedy' : 'lazy';
    return { text, max, mode };
  }

  private quantify(atom: Atom, quantifier: { text: string; max: number; mode: 'greedy' | 'lazy' | 'possessive' }): Atom {
    const unbounded = quantifier.max > UNBOUNDED_FROM;
    if (unbounded && atom.depth > 0 && quantifier.mode !== 'possessive' && !this.allowNested) {
      throw new Untranslatable('nested-quantifier', this.i - quantifier.text.length);
    }
    const base = atom.kind === 'single' || atom.kind === 'group' ? atom.source : `(?:${atom.source})`;
    const repeated = `${base}${quantifier.text}${quantifier.mode === 'lazy' ? '?' : ''}`;
    if (quantifier.mode === 'possessive') return { source: this.atomic(repeated), kind: 'sequence', depth: 0 };
    return { source: repeated, kind: 'sequence', depth: unbounded ? atom.depth + 1 : atom.depth };
  }

  /** An atomic group as a lookahead (atomic in JavaScript) and a named back reference to what it took. */
  private atomic(source: string): string {
    const name = `ecAtomic${++this.atomicNames}`;
    return `(?=(?<${name}>${source}))\\k<${name}>`;
  }

  private atom(): Atom[] {
    const p = this.p;
    const c = p[this.i]!;
    switch (c) {
      case '\\':
        return this.escape();
      case '[':
        return [{ source: this.characterClass(), kind: 'single', depth: 0 }];
      case '(': {
        const group = this.group();
        return group === null ? [] : [group];
      }
      case '.':
        this.i++;
        return [{ source: this.flags.s ? '[\\s\\S]' : '[^\\n]', kind: 'single', depth: 0 }];
      case '^':
        this.i++;
        this.assertions = true;
        return [{ source: this.flags.m ? '(?:^|(?<=\\n)(?!$))' : '^', kind: 'assertion', depth: 0 }];
      case '$':
        this.i++;
        this.assertions = true;
        return [{ source: this.flags.m ? '(?=\\n|$)' : '(?=\\n?$)', kind: 'assertion', depth: 0 }];
      default: {
        const code = p.codePointAt(this.i)!;
        this.i += code > 0xffff ? 2 : 1;
        return [{ source: literal(code), kind: 'single', depth: 0 }];
      }
    }
  }

  private single(source: string): Atom[] {
    return [{ source, kind: 'single', depth: 0 }];
  }

  private assertion(source: string): Atom[] {
    this.assertions = true;
    return [{ source, kind: 'assertion', depth: 0 }];
  }

  /** An escape outside a class. */
  private escape(): Atom[] {
    const p = this.p;
    const start = this.i;
    const c = p[this.i + 1]!;
    this.i += 2;
    switch (c) {
      case 'd':
      case 'D':
      case 'w':
      case 'W':
        return this.single(`\\${c}`);
      case 's':
        return this.single(`[${rangesSource(SPACE)}]`);
      case 'S':
        return this.single(`[^${rangesSource(SPACE)}]`);
      case 'h':
        return this.single(`[${rangesSource(HORIZONTAL)}]`);
      case 'H':
        return this.single(`[^${rangesSource(HORIZONTAL)}]`);
      case 'v':
        return this.single(`[${rangesSource(VERTICAL)}]`);
      case 'V':
        return this.single(`[^${rangesSource(VERTICAL)}]`);
      case 'R':
        return [{ source: this.atomic(`\\r\\n|[${rangesSource(VERTICAL)}]`), kind: 'sequence', depth: 0 }];
      case 'N':
        if (p[this.i] === '{') throw new Untranslatable('unicode-property', start);
        return this.single('[^\\n]');
      case 'b':
      case 'B':
        return this.assertion(`\\${c}`);
      case 'A':
      case 'G':
        return this.assertion('^');
      case 'z':
        return this.assertion('$');
      case 'Z':
        return this.assertion('(?=\\n?$)');
      case 'K':
        return [];
      case 'E':
        return [];
      case 'Q': {
        const end = p.indexOf('\\E', this.i);
        const stop = end < 0 ? p.length : end;
        const text = p.slice(this.i, stop);
        this.i = end < 0 ? stop : stop + 2;
        return Array.from(text, (char) => ({ source: literal(char.codePointAt(0)!), kind: 'single' as const, depth: 0 }));
      }
      case 'p':
      case 'P':
        return this.single(this.property(c === 'P', start));
      case 'X':
        throw new Untranslatable('grapheme-cluster', start);
      case 'C':
        throw new Untranslatable('code-unit', start);
      case 'g':
      case 'k':
        throw new Untranslatable(p[this.i] === '<' || p[this.i] === "'" ? (c === 'g' ? 'subroutine' : 'backreference') : 'backreference', start);
      default: {
        if (c >= '1' && c <= '9') {
          // PCRE2: a number below 10, one starting with 8 or 9, or one no larger than the groups so far is a back
          // reference; otherwise up to three octal digits are a character.
          const number = /^[0-9]+/.exec(p.slice(start + 1))![0];
          if (Number(number) < 10 || c === '8' || c === '9' || Number(number) <= this.captures) {
            throw new Untranslatable('backreference', start);
          }
          const octal = /^[0-7]{1,3}/.exec(number)![0];
          this.i = start + 1 + octal.length;
          return this.single(literal(parseInt(octal, 8)));
        }
        this.i = start;
        return this.single(literal(this.characterEscape()));
      }
    }
  }

  /** An escape that stands for one character (both in and outside classes); the cursor is on the backslash. */
  private characterEscape(): number {
    const p = this.p;
    const c = p[this.i + 1]!;
    this.i += 2;
    switch (c) {
      case 'a':
        return 0x07;
      case 'e':
        return 0x1b;
      case 'f':
        return 0x0c;
      case 'n':
        return 0x0a;
      case 'r':
        return 0x0d;
      case 't':
        return 0x09;
      case 'c': {
        const letter = p[this.i]!;
        this.i++;
        return letter.toUpperCase().charCodeAt(0) ^ 0x40;
      }
      case 'x': {
        if (p[this.i] === '{') {
          const close = p.indexOf('}', this.i);
          const code = parseInt(p.slice(this.i + 1, close), 16);
          this.i = close + 1;
          return code;
        }
        const digits = /^[0-9a-fA-F]{0,2}/.exec(p.slice(this.i))![0];
        this.i += digits.length;
        return digits === '' ? 0 : parseInt(digits, 16);
      }
      case 'o': {
        const close = p.indexOf('}', this.i);
        const code = parseInt(p.slice(this.i + 1, close), 8);
        this.i = close + 1;
        return code;
      }
      case '0': {
        const digits = /^[0-7]{0,2}/.exec(p.slice(this.i))![0];
        this.i += digits.length;
        return parseInt(`0${digits}`, 8);
      }
      default:
        if (c >= '1' && c <= '7') {
          // Inside a class, \1-\7 are octal (PCRE2); outside, the caller has already refused back references.
          const digits = /^[0-7]{0,2}/.exec(p.slice(this.i))![0];
          this.i += digits.length;
          return parseInt(`${c}${digits}`, 8);
        }
        return c.codePointAt(0)!;
    }
  }

  /** `\p{…}`, `\P{…}`, `\pL` (cursor after the letter). */
  private property(negated: boolean, start: number): string {
    const p = this.p;
    let name: string;
    if (p[this.i] === '{') {
      const close = p.indexOf('}', this.i);
      name = p.slice(this.i + 1, close);
      this.i = close + 1;
    } else {
      name = p[this.i]!;
      this.i++;
    }
    if (name.startsWith('^')) {
      negated = !negated;
      name = name.slice(1);
    }
    if (name === 'Any') return negated ? '[^\\s\\S]' : '[\\s\\S]';
    const js = jsProperty(name);
    if (js === null) throw new Untranslatable('unicode-property', start);
    return `\\${negated ? 'P' : 'p'}{${js}}`;
  }

  /** A class from `[` to its `]`, as a JavaScript class. */
  private characterClass(): string {
    const p = this.p;
    this.i++;
    let negated = false;
    if (p[this.i] === '^') {
      negated = true;
      this.i++;
    }
    const parts: string[] = [];
    let first = true;
    let previous: number | null = null;
    for (;;) {
      const c = p[this.i]!;
      if (c === ']' && !first) {
        this.i++;
        break;
      }
      first = false;
      if (this.flags.xx && (c === ' ' || c === '\t')) {
        this.i++;
        continue;
      }
      if (c === '[') {
        const posix = /\[:(\^?)([a-z]+):\]/y;
        posix.lastIndex = this.i;
        const found = posix.exec(p);
        if (found) {
          this.i += found[0].length;
          const ranges = POSIX_RANGES[found[2]!]!;
          parts.push(rangesSource(found[1] ? complement(ranges) : ranges));
          previous = null;
          continue;
        }
      }
      if (c === '-' && previous !== null && p[this.i + 1] !== ']' && this.i + 1 < p.length) {
        this.i++;
        const end = this.classCharacter();
        if (end !== null) {
          parts[parts.length - 1] = `${literal(previous)}-${literal(end)}`;
          previous = null;
          continue;
        }
        parts.push(literal(0x2d));
        previous = null;
        continue;
      }
      const code = this.classCharacter(parts);
      previous = code;
      if (code !== null) parts.push(literal(code));
    }
    return `[${negated ? '^' : ''}${parts.join('')}]`;
  }

  /**
   * One element of a class: a character (returned, for ranges) or a class escape (pushed to `parts`, `null`
   * returned). Without `parts` only a character is expected (a range end).
   */
  private classCharacter(parts?: string[]): number | null {
    const p = this.p;
    if (p[this.i] !== '\\') {
      const code = p.codePointAt(this.i)!;
      this.i += code > 0xffff ? 2 : 1;
      return code;
    }
    const start = this.i;
    const c = p[this.i + 1]!;
    const sets: Record<string, string> = {
      d: '\\d',
      D: '\\D',
      w: '\\w',
      W: '\\W',
      s: rangesSource(SPACE),
      S: rangesSource(complement(SPACE)),
      h: rangesSource(HORIZONTAL),
      H: rangesSource(complement(HORIZONTAL)),
      v: rangesSource(VERTICAL),
      V: rangesSource(complement(VERTICAL)),
    };
    if (c in sets && parts) {
      this.i += 2;
      parts.push(sets[c]!);
      return null;
    }
    if ((c === 'p' || c === 'P') && parts) {
      this.i += 2;
      const property = this.property(c === 'P', start);
      // \p{Any} is every character; its negation adds nothing to a class.
      if (!property.startsWith('[^')) parts.push(property.startsWith('[') ? property.slice(1, -1) : property);
      return null;
    }
    if (c === 'Q' && parts) {
      const end = p.indexOf('\\E', this.i + 2);
      const stop = end < 0 ? p.length : end;
      for (const char of p.slice(this.i + 2, stop)) parts.push(literal(char.codePointAt(0)!));
      this.i = end < 0 ? stop : stop + 2;
      return null;
    }
    if (c === 'E' && parts) {
      this.i += 2;
      return null;
    }
    if (c === 'b') {
      this.i += 2;
      return 0x08;
    }
    return this.characterEscape();
  }

  /** A group; `null` for text that produces nothing (comments, callouts, option settings). */
  private group(): Atom | null {
    const p = this.p;
    const start = this.i;
    this.i++;
    if (p[this.i] === '*') return this.alphaGroup(start);
    if (p[this.i] !== '?') {
      if (!this.flags.n) this.captures++;
      return this.finishGroup(this.flags.n ? '(?:' : '(', start);
    }
    this.i++;
    const c = p[this.i]!;
    const two = p.slice(this.i, this.i + 2);
    if (c === '#') {
      this.i = p.indexOf(')', this.i) + 1;
      return null;
    }
    if (c === ':' || c === '|') {
      this.i++;
      return this.finishGroup('(?:', start);
    }
    if (c === '>') {
      this.i++;
      const inner = this.finishGroup('(?:', start);
      return { source: this.atomic(inner.source.slice(3, -1)), kind: 'sequence', depth: 0 };
    }
    if (c === '=' || c === '!') {
      this.i++;
      this.assertions = true;
      return { ...this.finishGroup(`(?${c}`, start), kind: 'assertion' };
    }
    if (two === '<=' || two === '<!') {
      this.i += 2;
      this.assertions = true;
      return { ...this.finishGroup(`(?${two}`, start), kind: 'assertion' };
    }
    if (c === '<' || c === "'" || (c === 'P' && p[this.i + 1] === '<')) {
      if (c === 'P') this.i++;
      const close = p[this.i] === "'" ? "'" : '>';
      const end = p.indexOf(close, this.i + 1);
      const name = p.slice(this.i + 1, end);
      this.i = end + 1;
      if (this.names.has(name) || name.startsWith('ecAtomic')) throw new Untranslatable('duplicate-names', start);
      this.names.add(name);
      this.captures++;
      return this.finishGroup(`(?<${name}>`, start);
    }
    if (c === 'P' && (p[this.i + 1] === '=' || p[this.i + 1] === '>')) {
      throw new Untranslatable(p[this.i + 1] === '=' ? 'backreference' : 'subroutine', start);
    }
    if (c === 'R' || c === '&' || isDigit(c) || ((c === '+' || c === '-') && isDigit(p[this.i + 1]))) {
      throw new Untranslatable('subroutine', start);
    }
    if (c === '(') throw new Untranslatable('conditional', start);
    if (c === 'C') {
      // Without a callout function (the edge sets none), a callout does not change what matches.
      this.i = p.indexOf(')', this.i) + 1;
      return null;
    }
    return this.optionGroup(start);
  }

  /** `(?imnsxU-imnsxU)` or `(?…:…)`; `(?^…)` resets first. */
  private optionGroup(start: number): Atom | null {
    const p = this.p;
    const match = /\^?[a-zA-Z]*(-[a-zA-Z]*)?[:)]/y;
    match.lastIndex = this.i;
    const found = match.exec(p)![0];
    this.i += found.length;
    const next = { ...this.flags };
    let on = true;
    for (let k = 0; k < found.length - 1; k++) {
      const letter = found[k]!;
      if (letter === '^') {
        throw new Untranslatable('case-sensitive', start);
      } else if (letter === '-') on = false;
      else if (letter === 'i') {
        if (!on) throw new Untranslatable('case-sensitive', start);
      } else if (letter === 'x' && found[k + 1] === 'x') {
        next.x = on;
        next.xx = on;
        k++;
      } else if (letter === 'J') {
        throw new Untranslatable('duplicate-names', start);
      } else if (letter === 's' || letter === 'm' || letter === 'x' || letter === 'n' || letter === 'U') {
        next[letter] = on;
        if (letter === 'x' && !on) next.xx = false;
      }
    }
    if (found.endsWith(')')) {
      this.flags = next;
      return null;
    }
    const outer = this.flags;
    this.flags = next;
    const group = this.finishGroup('(?:', start);
    this.flags = outer;
    return group;
  }

  /** `(*…)` in the pattern: alphabetic assertions, or verbs (refused). */
  private alphaGroup(start: number): Atom {
    const p = this.p;
    const match = /\*([a-z_]+):/y;
    match.lastIndex = this.i;
    const found = match.exec(p);
    if (!found) throw new Untranslatable('verb', start);
    const kind = ALPHA_GROUPS[found[1]!];
    this.i += found[0].length;
    if (kind === 'script-run' || kind === 'non-atomic-lookaround') throw new Untranslatable(kind, start);
    if (kind === 'atomic') {
      const inner = this.finishGroup('(?:', start);
      return { source: this.atomic(inner.source.slice(3, -1)), kind: 'sequence', depth: 0 };
    }
    if (kind === undefined) throw new Untranslatable('verb', start);
    this.assertions = true;
    return { ...this.finishGroup(kind, start), kind: 'assertion' };
  }

  private finishGroup(open: string, start: number): Atom {
    const inner = this.alternation();
    if (this.p[this.i] !== ')') throw new Untranslatable('syntax', start);
    this.i++;
    return { source: `${open}${inner.atoms})`, kind: 'group', depth: inner.depth };
  }
}

const cache = new Map<string, PcreTranslation>();
const CACHE_LIMIT = 500;

/** Translates a PCRE2 pattern (see the module comment for what is equivalent and what is refused). */
export function translatePcre(pattern: string, options: TranslateOptions = {}): PcreTranslation {
  const key = `${options.allowNestedQuantifiers ? 1 : 0}${pattern}`;
  const cached = cache.get(key);
  if (cached) return cached;
  let result: PcreTranslation;
  const syntax = checkPcre(pattern);
  if (syntax !== null) {
    result = { ok: false, construct: 'syntax', offset: Number(syntax.values?.offset ?? 0) };
  } else {
    const translator = new Translator(pattern, options.allowNestedQuantifiers === true);
    try {
      const source = translator.run();
      new RegExp(source, 'iu');
      result = { ok: true, source, flags: 'iu', assertions: translator.hasAssertions() };
    } catch (error) {
      if (error instanceof Untranslatable) result = { ok: false, construct: error.construct, offset: error.offset };
      else result = { ok: false, construct: 'syntax', offset: 0 };
    }
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, result);
  return result;
}

const compiled = new Map<string, RegExp>();

/**
 * The translated pattern as a RegExp, or the reason it has none. RegExps are kept with their translation: without the
 * `g` or `y` flag a RegExp holds no state between `test` calls, so one object serves every evaluation.
 */
export function compilePcre(pattern: string, options: TranslateOptions = {}): { regex: RegExp } | { construct: UntranslatableConstruct; offset: number } {
  const translation = translatePcre(pattern, options);
  if (!translation.ok) return { construct: translation.construct, offset: translation.offset };
  let regex = compiled.get(translation.source);
  if (!regex) {
    if (compiled.size >= CACHE_LIMIT) compiled.delete(compiled.keys().next().value as string);
    regex = new RegExp(translation.source, translation.flags);
    compiled.set(translation.source, regex);
  }
  return { regex };
}
