/**
 * rules §5 "Custom HTML page: ... no JavaScript" (issue 20: checked by parsing, not a regular expression). Hostile
 * pages that a pattern or a loose scanner misses (comment, bogus comment, raw text and CDATA parse differences, SVG
 * animation lists, character references, srcdoc documents), each checked against parse5 (the WHATWG parser) as an
 * oracle: whatever parse5 builds with script in it, the finder must report. Benign pages must pass.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeHTML } from 'entities';
import { parse, parseFragment } from 'parse5';
import { containsJavaScript, decodeAttributeValue, validateCustomPage } from '../../../core/rules/html.js';
import { HOSTILE_PAGES, STRICTER_THAN_BROWSERS } from '../../helpers/hostile-html.js';

interface Node {
  nodeName: string;
  tagName?: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: Node[];
  content?: Node;
}

/** What a browser would run from a parsed tree (a script element, a handler, a script URL, a script-bearing srcdoc). */
function treeRunsScript(node: Node): boolean {
  if (node.tagName === 'script' || node.tagName === 'object' || node.tagName === 'embed') return true;
  for (const attr of node.attrs ?? []) {
    if (/^on./i.test(attr.name)) return true;
    const compact = attr.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
    if (compact.includes('javascript:') || compact.includes('vbscript:') || compact.startsWith('data:text/html') || compact.startsWith('data:image/svg')) return true;
    if (attr.name === 'attributename' && /^on/i.test(attr.value.trim())) return true;
    if (attr.name === 'srcdoc' && documentRunsScript(attr.value)) return true;
  }
  return [...(node.childNodes ?? []), ...(node.content ? [node.content] : [])].some(treeRunsScript);
}

/** Parsed as the body of an HTML page, as the content of an SVG and a MathML element, with scripting on and off. */
function documentRunsScript(html: string): boolean {
  return (
    treeRunsScript(parse(html, { scriptingEnabled: true }) as unknown as Node) ||
    treeRunsScript(parse(html, { scriptingEnabled: false }) as unknown as Node) ||
    treeRunsScript(parseFragment(`<svg>${html}`) as unknown as Node) ||
    treeRunsScript(parseFragment(`<math>${html}`) as unknown as Node)
  );
}



const BENIGN_PAGES: readonly string[] = [
  '<!doctype html><html><head><title>Not found</title><style>body{font:16px sans-serif;color:#333}</style></head><body><h1>404</h1><p>Sorry.</p></body></html>',
  '<h1>Sorry</h1><p>We will be back soon. Use a < b comparisons freely, and c > d.</p>',
  '<!-- <script>commented out</script> --><p>ok</p>',
  '<img src="logo.png" alt="on"><img src="data:image/png;base64,iVBORw0KGgo=" alt="">',
  '<a href="https://example.com/?q=1&amp;r=2&copy=3">home</a>',
  '<p title="&lt;script&gt;alert(1)&lt;/script&gt;">quoted markup in a title is text</p>',
  '<textarea>&lt;script&gt;</textarea>',
  '<a href="https://example.com/javascript-guide">JavaScript guide</a>',
  '<p>on</p><div data-one="1" title="on">x</div>',
  '<svg viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>',
];

describe('rules §5 custom HTML page: JavaScript is found by parsing (issue 20)', () => {
  it('the parse5 oracle agrees that every hostile sample runs script in at least one reading', () => {
    for (const html of HOSTILE_PAGES) {
      if (STRICTER_THAN_BROWSERS.has(html)) continue;
      assert.equal(documentRunsScript(html), true, `oracle: ${html}`);
    }
  });

  it('every hostile sample is refused with "The page cannot contain JavaScript"', () => {
    for (const html of HOSTILE_PAGES) {
      assert.equal(containsJavaScript(html), true, html);
      assert.deepEqual(validateCustomPage(html), { key: 'origin.page-no-javascript' }, html);
    }
  });

  it('benign pages pass, and the oracle sees no script in them either', () => {
    for (const html of BENIGN_PAGES) {
      assert.equal(documentRunsScript(html), false, `oracle: ${html}`);
      assert.equal(containsJavaScript(html), false, html);
    }
  });

  it('mutations of the hostile samples (wrapped in SVG, MathML, a table, comments) stay refused whenever parse5 runs them', () => {
    const wraps = [(h: string) => `<svg>${h}</svg>`, (h: string) => `<math><mtext>${h}</mtext></math>`, (h: string) => `<table><tr><td>${h}</td></tr></table>`, (h: string) => `<!-- c -->${h}<!-- d -->`, (h: string) => `<template>${h}</template>`];
    for (const html of HOSTILE_PAGES) {
      for (const wrap of wraps) {
        const page = wrap(html);
        if (documentRunsScript(page)) assert.equal(containsJavaScript(page), true, page);
      }
    }
  });

  it('character references decode as the standard says (checked against the entities package)', () => {
    for (const sample of ['&colon;', '&Tab;', '&NewLine;', '&lt;', '&LT;', '&quot;', '&fjlig;', '&nvgt;', '&bne;', '&#x6A;', '&#106;', '&#0;', '&#x110000;', '&#xD800;', '&equals;', '&sol;', '&lowbar;', '&VerticalLine;']) {
      assert.equal(decodeAttributeValue(sample), decodeHTML(sample), sample);
    }
    // Legacy references without `;` are kept in an attribute value before `=` or an alphanumeric.
    assert.equal(decodeAttributeValue('?a=1&lt=2&ltx&lt.'), '?a=1&lt=2&ltx<.');
    assert.equal(decodeAttributeValue('&Colon;'), '&Colon;', 'names are case-sensitive');
  });

  it('stays linear on hostile sizes within the 64K limit', () => {
    for (const page of ['<style>'.repeat(9000), '<!--'.repeat(16000), '<a title="'.repeat(6000), '<![CDATA['.repeat(7000), '<svg><style>'.repeat(5000), '&'.repeat(64000)]) {
      const started = performance.now();
      containsJavaScript(page);
      assert.ok(performance.now() - started < 500, `${page.slice(0, 12)}… took too long`);
    }
  });
});
