/**
 * Finds JavaScript in a custom HTML page (rules §5 Origin and performance: "Custom HTML page: at most 64K, not empty,
 * no JavaScript").
 *
 * A tolerant, single-pass tag scanner, not a full HTML parser. It reports script when it finds:
 * - a `<script>` element (also inside SVG or MathML),
 * - an event-handler attribute (`on` followed by at least one character: `onclick`, `onerror`, `onload`...),
 * - an attribute value that, after decoding character references (`&#106;`, `&#x6A;`, `&colon;`, `&Tab;`,
 *   `&NewLine;`) and dropping whitespace and control characters, starts with `javascript:` or `vbscript:` or
 *   `data:text/html`, or holds `url=javascript:` (a meta refresh),
 * - any of those inside an `srcdoc` attribute, whose value is itself a document.
 * Comments are skipped. What it does not look for: CSS `expression()` (only old Internet Explorer ran it), plugin
 * elements (`<object>`, `<embed>`), and script reached through an external resource (a stylesheet, an SVG image).
 * The console's preview is sanitised and sandboxed as well (DESIGN §6), so this check is the user's feedback and the
 * server's refusal, not the only line of defence.
 */

const NAMED_REFERENCES: Record<string, string> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  lpar: '(',
  rpar: ')',
  sol: '/',
  period: '.',
  amp: '&',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
};

function decodeReferences(value: string): string {
  return value.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);?/g, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED_REFERENCES[body.toLowerCase()] ?? whole;
  });
}

function isActiveValue(raw: string): boolean {
  let compact = '';
  const decoded = decodeReferences(raw);
  for (let i = 0; i < decoded.length; i++) {
    if (decoded.charCodeAt(i) > 0x20) compact += decoded[i];
  }
  compact = compact.toLowerCase();
  return (
    compact.startsWith('javascript:') ||
    compact.startsWith('vbscript:') ||
    compact.startsWith('data:text/html') ||
    compact.includes('url=javascript:') ||
    compact.includes('url=vbscript:')
  );
}

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
}

function isNameStart(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}

/** True when the HTML holds script as described above. */
export function containsJavaScript(html: string): boolean {
  const n = html.length;
  let i = 0;
  while (i < n) {
    const open = html.indexOf('<', i);
    if (open < 0) return false;
    if (html.startsWith('<!--', open)) {
      const close = html.indexOf('-->', open + 4);
      if (close < 0) return false;
      i = close + 3;
      continue;
    }
    let j = open + 1;
    if (html[j] === '/') j++;
    if (!isNameStart(html[j])) {
      i = open + 1;
      continue;
    }
    const nameStart = j;
    while (j < n && !isSpace(html[j]) && html[j] !== '>' && html[j] !== '/') j++;
    const tag = html.slice(nameStart, j).toLowerCase();
    if (tag === 'script' || tag.endsWith(':script')) return true;
    // Attributes until the tag's closing '>', honouring quoted values.
    while (j < n && html[j] !== '>') {
      if (isSpace(html[j]) || html[j] === '/') {
        j++;
        continue;
      }
      const attrStart = j;
      while (j < n && !isSpace(html[j]) && html[j] !== '=' && html[j] !== '>' && html[j] !== '/') j++;
      const attr = html.slice(attrStart, j).toLowerCase();
      if (attr.length > 2 && attr.startsWith('on')) return true;
      while (j < n && isSpace(html[j])) j++;
      if (html[j] !== '=') continue;
      j++;
      while (j < n && isSpace(html[j])) j++;
      let value: string;
      const quote = html[j];
      if (quote === '"' || quote === "'") {
        const end = html.indexOf(quote, j + 1);
        const stop = end < 0 ? n : end;
        value = html.slice(j + 1, stop);
        j = stop + 1;
      } else {
        const valueStart = j;
        while (j < n && !isSpace(html[j]) && html[j] !== '>') j++;
        value = html.slice(valueStart, j);
      }
      if (isActiveValue(value)) return true;
      if (attr === 'srcdoc' && containsJavaScript(decodeReferences(value))) return true;
    }
    i = j + 1;
  }
  return false;
}
