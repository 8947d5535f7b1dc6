/**
 * Finds JavaScript in a custom HTML page (rules §5 Origin and performance: "Custom HTML page: at most 64K, not empty,
 * no JavaScript"; the issue asks for a check by parsing, not a regular expression).
 *
 * This is the HTML tokenizer of the WHATWG parsing standard for the states where script can hide (data, tag open, end
 * tag open, tag name, the attribute states, comment start / comment / comment end / comment end bang, bogus comment,
 * CDATA section, RAWTEXT and RCDATA), so the page is read the way a browser reads it, not the way a pattern guesses:
 * `<!-->` and `--!>` end a comment, `<?…>` and `</ …>` are bogus comments that end at the first `>`, an attribute
 * value is decoded with the standard's character references (exact names, case-sensitive, legacy forms only where an
 * attribute value allows them).
 *
 * Where the tokenizer depends on the tree builder (whether `<style>`, `<textarea>`, `<title>`, `<noscript>`,
 * `<iframe>`... hold raw text or markup, which differs inside `<svg>`/`<math>`; whether `<![CDATA[` is a CDATA section
 * or a bogus comment), it follows EVERY reading and reports script when any of them finds it: the stricter reading,
 * whatever the surrounding tree is. Positions already read in the data state are not read again, so this stays linear.
 *
 * It reports script for:
 * - a `<script>` element (also `x:script`), and plugin elements `<object>`, `<embed>`, `<applet>` (they load
 *   documents that run script; stricter than "only old browsers");
 * - an attribute whose name starts with `on` and has more (`onclick`, `onerror`, `onbegin`...);
 * - an attribute value holding `javascript:` or `vbscript:` anywhere (after decoding, with whitespace and control
 *   characters removed: SVG `values="x;javascript:…"` lists, meta refresh `url=javascript:`), or starting with a
 *   `data:` URL that is not a raster image or font (`data:text/html`, `data:image/svg+xml` in a frame run script);
 * - an SVG animation whose `attributeName` is an event handler;
 * - a style attribute or `<style>` text using `expression(`, `-moz-binding` or `behavior:` (old engines ran them);
 * - any of these inside an `srcdoc` attribute, whose decoded value is itself a document.
 * The console's preview is sandboxed without scripts as well (DESIGN §6), so this check is the user's feedback and
 * the server's refusal, not the only line of defence.
 */
import { isBlank, utf8ByteLength } from './common.js';
import { CUSTOM_PAGE_MAX_BYTES } from './origin.js';
import { issue, type RuleIssue } from './types.js';

/** Named character references that produce ASCII (the only ones that can make a tag, a quote or `javascript:`). */
const ASCII_REFERENCES: Record<string, string> = {
  Tab: '\t',
  NewLine: '\n',
  excl: '!',
  quot: '"',
  QUOT: '"',
  num: '#',
  dollar: '$',
  percnt: '%',
  amp: '&',
  AMP: '&',
  apos: "'",
  lpar: '(',
  rpar: ')',
  ast: '*',
  midast: '*',
  plus: '+',
  comma: ',',
  period: '.',
  sol: '/',
  colon: ':',
  semi: ';',
  lt: '<',
  LT: '<',
  equals: '=',
  gt: '>',
  GT: '>',
  quest: '?',
  commat: '@',
  lsqb: '[',
  lbrack: '[',
  bsol: '\\',
  rsqb: ']',
  rbrack: ']',
  Hat: '^',
  lowbar: '_',
  UnderBar: '_',
  grave: '`',
  DiacriticalGrave: '`',
  lcub: '{',
  lbrace: '{',
  verbar: '|',
  vert: '|',
  VerticalLine: '|',
  rcub: '}',
  rbrace: '}',
  // Two-code-point references that start with ASCII.
  fjlig: 'fj',
  bne: '=\u20e5',
  nvlt: '<\u20d2',
  nvgt: '>\u20d2',
};

/** The references a browser also decodes without `;` (the legacy list) that produce ASCII, longest first. */
const LEGACY_REFERENCES = ['QUOT', 'quot', 'AMP', 'amp', 'LT', 'lt', 'GT', 'gt'] as const;

function isAsciiAlphanumeric(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'));
}

function numericReference(code: number): string {
  // The standard answers U+FFFD for 0, surrogates and values beyond Unicode; C1 codes map to non-ASCII characters.
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(code);
}

/** Decodes character references as in an attribute value (HTML standard "character reference state"). */
export function decodeAttributeValue(value: string): string {
  if (!value.includes('&')) return value;
  let out = '';
  let i = 0;
  while (i < value.length) {
    const amp = value.indexOf('&', i);
    if (amp < 0) {
      out += value.slice(i);
      break;
    }
    out += value.slice(i, amp);
    let j = amp + 1;
    if (value[j] === '#') {
      j++;
      const hex = value[j] === 'x' || value[j] === 'X';
      if (hex) j++;
      const start = j;
      while (j < value.length && (hex ? /[0-9a-fA-F]/.test(value[j]!) : value[j]! >= '0' && value[j]! <= '9')) j++;
      if (j === start) {
        out += value.slice(amp, j);
        i = j;
        continue;
      }
      const digits = value.slice(start, j).replace(/^0+/, '');
      // Beyond 8 significant digits the code is out of range whatever follows (and parseInt would lose precision).
      const code = digits.length > 8 ? 0x110000 : digits.length === 0 ? 0 : parseInt(digits, hex ? 16 : 10);
      if (value[j] === ';') j++;
      out += numericReference(code);
      i = j;
      continue;
    }
    while (j < value.length && isAsciiAlphanumeric(value[j])) j++;
    const name = value.slice(amp + 1, j);
    if (value[j] === ';' && Object.prototype.hasOwnProperty.call(ASCII_REFERENCES, name)) {
      out += ASCII_REFERENCES[name];
      i = j + 1;
      continue;
    }
    const legacy = LEGACY_REFERENCES.find((candidate) => name.startsWith(candidate));
    if (legacy !== undefined) {
      const after = value[amp + 1 + legacy.length];
      // In an attribute value a legacy reference followed by `=` or an alphanumeric stays as written.
      if (after !== '=' && !isAsciiAlphanumeric(after)) {
        out += ASCII_REFERENCES[legacy];
        i = amp + 1 + legacy.length;
        continue;
      }
    }
    out += '&';
    i = amp + 1;
  }
  return out;
}

const SAFE_DATA_TYPES = /^data:(image\/(png|gif|jpeg|jpg|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)|font\/[a-z0-9.+-]+)[;,]/;

function isActiveValue(decoded: string): boolean {
  let compact = '';
  for (let i = 0; i < decoded.length; i++) {
    if (decoded.charCodeAt(i) > 0x20) compact += decoded[i];
  }
  compact = compact.toLowerCase();
  if (compact.includes('javascript:') || compact.includes('vbscript:')) return true;
  return compact.startsWith('data:') && !SAFE_DATA_TYPES.test(compact);
}

function isActiveCss(text: string): boolean {
  const compact = text.toLowerCase().replace(/[\s\u0000-\u001f]|\/\*[\s\S]*?\*\//g, '');
  return compact.includes('expression(') || compact.includes('-moz-binding') || compact.includes('behavior:') || compact.includes('javascript:');
}

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
}

function isAsciiAlpha(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}

function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());
}

/** Elements whose content the tree builder reads as RAWTEXT or RCDATA in HTML content (markup inside SVG/MathML). */
const RAW_TEXT_ELEMENTS = new Set(['style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);
/** Elements that run script themselves or load documents that do. */
const ACTIVE_ELEMENTS = new Set(['script', 'object', 'embed', 'applet']);

const FOUND = -1;

/** One page being read: its lower-case copy and the raw text ends found so far (so nested openers cost nothing). */
interface Page {
  html: string;
  lower: string;
  ends: Map<string, { from: number; end: number }>;
}

/** Where the appropriate end tag `</name` of a raw text element starts, or -1 (the text runs to the end). */
function rawTextEnd(page: Page, from: number, name: string): number {
  const known = page.ends.get(name);
  // No end tag between `known.from` and `known.end`: a later opener inside that span ends at the same place.
  if (known && from >= known.from && (known.end < 0 || from <= known.end)) return known.end;
  let at = page.lower.indexOf(`</${name}`, from);
  while (at >= 0) {
    const after = page.html[at + 2 + name.length];
    if (isSpace(after) || after === '/' || after === '>') break;
    at = page.lower.indexOf(`</${name}`, at + 1);
  }
  page.ends.set(name, { from, end: at });
  return at;
}

/**
 * Reads one tag starting at `start` (the first letter of its name) with its attributes; answers where the data state
 * resumes, or FOUND. `forks` receives positions where another reading of the page resumes.
 */
function readTag(page: Page, start: number, isEnd: boolean, forks: number[]): number {
  const html = page.html;
  const n = html.length;
  let j = start;
  while (j < n && !isSpace(html[j]) && html[j] !== '/' && html[j] !== '>') j++;
  const tag = asciiLower(html.slice(start, j));
  const local = tag.includes(':') ? tag.slice(tag.lastIndexOf(':') + 1) : tag;
  if (ACTIVE_ELEMENTS.has(local)) return FOUND;
  while (j < n && html[j] !== '>') {
    if (isSpace(html[j]) || html[j] === '/') {
      j++;
      continue;
    }
    // Attribute name: a leading `=` belongs to the name (a parse error the browser keeps).
    const nameStart = j;
    j++;
    while (j < n && !isSpace(html[j]) && html[j] !== '/' && html[j] !== '>' && html[j] !== '=') j++;
    const attr = asciiLower(html.slice(nameStart, j));
    if (attr.length > 2 && attr.startsWith('on')) return FOUND;
    while (j < n && isSpace(html[j])) j++;
    if (html[j] !== '=') continue;
    j++;
    while (j < n && isSpace(html[j])) j++;
    let raw: string;
    const quote = html[j];
    if (quote === '"' || quote === "'") {
      const end = html.indexOf(quote, j + 1);
      const stop = end < 0 ? n : end;
      raw = html.slice(j + 1, stop);
      j = stop + 1;
    } else {
      const valueStart = j;
      while (j < n && !isSpace(html[j]) && html[j] !== '>') j++;
      raw = html.slice(valueStart, j);
    }
    const value = decodeAttributeValue(raw);
    if (isActiveValue(value)) return FOUND;
    if (attr === 'attributename' && asciiLower(value.trim()).startsWith('on')) return FOUND;
    if (attr === 'style' && isActiveCss(value)) return FOUND;
    if (attr === 'srcdoc' && containsJavaScript(value)) return FOUND;
  }
  const after = Math.min(j + 1, n);
  if (!isEnd && (RAW_TEXT_ELEMENTS.has(tag) || tag === 'plaintext')) {
    // Read as HTML content, the text up to the end tag is not markup: resume there. Read inside SVG or MathML it is
    // markup: the caller continues right after the start tag. Both readings are followed.
    const end = tag === 'plaintext' ? -1 : rawTextEnd(page, after, tag);
    if (end >= 0) forks.push(end);
  }
  return after;
}

/** Reads the markup at `open` (a `<` in the data state); answers where the data state resumes, or FOUND. */
function readMarkup(page: Page, open: number, forks: number[]): number {
  const html = page.html;
  const n = html.length;
  const next = html[open + 1];
  if (next === '!') {
    if (html.startsWith('<!--', open)) {
      // `<!-->` and `<!--->` close at once, `--!>` closes like `-->`.
      const dashes = html.indexOf('-->', open + 2);
      const bang = html.indexOf('--!>', open + 4);
      if (dashes < 0 && bang < 0) return n;
      if (bang < 0 || (dashes >= 0 && dashes < bang)) return dashes + 3;
      return bang + 4;
    }
    if (html.startsWith('<![CDATA[', open)) {
      // A CDATA section in SVG/MathML (text up to `]]>`), a bogus comment elsewhere (up to the first `>`).
      const cdataEnd = html.indexOf(']]>', open + 9);
      forks.push(cdataEnd < 0 ? n : cdataEnd + 3);
    }
    const close = html.indexOf('>', open + 2);
    return close < 0 ? n : close + 1;
  }
  if (next === '?') {
    const close = html.indexOf('>', open + 1);
    return close < 0 ? n : close + 1;
  }
  if (next === '/') {
    const third = html[open + 2];
    if (third === '>') return open + 3;
    if (isAsciiAlpha(third)) return readTag(page, open + 2, true, forks);
    if (third === undefined) return n;
    const close = html.indexOf('>', open + 2);
    return close < 0 ? n : close + 1;
  }
  if (isAsciiAlpha(next)) return readTag(page, open + 1, false, forks);
  return open + 1;
}

/** True when the HTML holds script as described above. */
export function containsJavaScript(html: string): boolean {
  // Style sheets are text to the tokenizer; an old engine's script in one is looked for in the whole page (stricter
  // than finding the sheet's exact extent, and linear).
  if (/<style[\s/>]/i.test(html) && isActiveCss(html)) return true;
  const page: Page = { html, lower: asciiLower(html), ends: new Map() };
  const seen = new Set<number>();
  const pending = [0];
  while (pending.length > 0) {
    let i = pending.pop()!;
    while (i < html.length) {
      const open = html.indexOf('<', i);
      if (open < 0 || seen.has(open)) break;
      seen.add(open);
      const resume = readMarkup(page, open, pending);
      if (resume === FOUND) return true;
      i = resume;
    }
  }
  return false;
}

/**
 * Custom HTML page: not empty, at most 64K, no JavaScript (rules §5 Origin and performance, §8 "Size limit exceeded
 * (64K)", §9 HTML page). Kept here, not in origin.ts, so the elements that only check ports and origins do not
 * download the HTML tokenizer.
 */
export function validateCustomPage(html: string | null | undefined): RuleIssue | null {
  if (isBlank(html)) return issue('common.cannot-be-empty');
  if (utf8ByteLength(html!) > CUSTOM_PAGE_MAX_BYTES) return issue('origin.page-too-large');
  return containsJavaScript(html!) ? issue('origin.page-no-javascript') : null;
}
