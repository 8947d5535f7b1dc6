/**
 * No text a person reads is written in the code (issue 19, like Grafana's i18n lint): every JSX text and every
 * user-facing attribute (`label`, `aria-label`, `placeholder`, `title`, `header`, `alt`, `message`) in the console's
 * components comes from the catalogues in both languages. A literal with a letter in it fails this test, naming
 * the file and line. Symbols, numbers and punctuation (`—`, `/`, `·`) are not texts.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';

const ROOT = new URL('../../../', import.meta.url).pathname;
const SOURCES = ['core/ui', 'elements', 'demo/host'];
const USER_FACING_ATTRIBUTES = new Set(['label', 'aria-label', 'placeholder', 'title', 'header', 'alt', 'message', 'emptyMessage', 'ariaLabel']);
/**
 * Samples of machine syntax shown as placeholders: the same in every language (a header line, a cookie, a
 * Cache-Control value, PEM markers, a URL scheme), so not texts to translate.
 */
const SYNTAX_SAMPLES = new Set(['User-Agent: Mozilla/5.0', 'lang=en; session=…', 'max-age=600', '-----BEGIN CERTIFICATE-----', '-----BEGIN PRIVATE KEY-----', 'https://']);
/** A letter of any script: what makes a literal a text rather than a symbol. */
const HAS_LETTER = /\p{L}/u;

function componentFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return componentFiles(path);
    return path.endsWith('.tsx') ? [path] : [];
  });
}

function literalTexts(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) => `${relative(ROOT, join(ROOT, file))}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && HAS_LETTER.test(node.text)) found.push(`${where(node)} text "${node.text.trim()}"`);
    if (ts.isJsxAttribute(node) && USER_FACING_ATTRIBUTES.has(node.name.getText(source))) {
      const value = node.initializer;
      const literal = value && ts.isStringLiteral(value) ? value : value && ts.isJsxExpression(value) && value.expression && ts.isStringLiteral(value.expression) ? value.expression : null;
      if (literal && HAS_LETTER.test(literal.text) && !SYNTAX_SAMPLES.has(literal.text)) found.push(`${where(node)} ${node.name.getText(source)}="${literal.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no untranslated text in components (issue 19)', () => {
  it('every JSX text and user-facing attribute comes from a catalogue', () => {
    const files = SOURCES.flatMap(componentFiles);
    assert.ok(files.length > 50, 'the components are found');
    assert.deepEqual(files.flatMap(literalTexts), []);
  });
});
