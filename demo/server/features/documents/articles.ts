/**
 * The articles of the documentation centre, per language: the hand-written guides under demo/docs/<language>/*.md
 * (a small front matter: id, section, order, title, summary) and one reference article per element, written here
 * from custom-elements.json (the manifest the build generates from each element's JSDoc and attribute schema), so
 * the reference can never describe an attribute the code does not have. Everything is rendered once per process.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DOCUMENT_SECTIONS, type DocumentExample, type DocumentHeading, type DocumentSection } from '../../../../core/api/endpoints/documents.js';
import type { Language } from '../../../../core/i18n/language.js';
import { plainText, renderMarkdown } from './render.js';

/** The repository root (demo/server/features/documents is four levels down). */
const ROOT = new URL('../../../../', import.meta.url);
/** Where the hand-written articles live. */
export const DOCS_DIR = fileURLToPath(new URL('demo/docs/', ROOT));
/** The element manifest the reference articles are written from. */
export const MANIFEST_PATH = fileURLToPath(new URL('custom-elements.json', ROOT));
/** Article ids: what the route `/document/{aid}` carries. */
export const ARTICLE_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** One article, rendered. */
export interface Article {
  id: string;
  section: DocumentSection;
  order: number;
  title: string;
  summary: string;
  html: string;
  toc: DocumentHeading[];
  /** Lower-cased plain text of the body, for search. */
  text: string;
  /** The body's plain text as shown (for snippets). */
  plain: string;
  example: DocumentExample | null;
}

/** A declaration of custom-elements.json, as far as the reference reads it. */
export interface ManifestElement {
  tagName: string;
  summary?: string;
  description?: string;
  attributes?: { name: string; type?: { text: string }; default?: string; description?: string }[];
  events?: { name: string; description?: string }[];
  cssParts?: { name: string; description?: string }[];
  cssProperties?: { name: string; description?: string; default?: string }[];
}

/** Every element of the manifest, by tag order. */
export function manifestElements(path = MANIFEST_PATH): ManifestElement[] {
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as { modules: { declarations?: (ManifestElement & { customElement?: boolean })[] }[] };
  return manifest.modules
    .flatMap((module) => module.declarations ?? [])
    .filter((declaration) => declaration.customElement && typeof declaration.tagName === 'string')
    .sort((a, b) => a.tagName.localeCompare(b.tagName));
}

/** The reference article id of an element: `element-` and the tag without `ec-`. */
export function referenceId(tag: string): string {
  return `element-${tag.replace(/^ec-/, '')}`;
}

function frontMatter(source: string, file: string): { meta: Record<string, string>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source.replace(/\r\n/g, '\n'));
  if (!match) throw new Error(`${file}: no front matter`);
  const meta: Record<string, string> = {};
  for (const line of match[1]!.split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) meta[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return { meta, body: source.replace(/\r\n/g, '\n').slice(match[0].length) };
}

function build(id: string, section: DocumentSection, order: number, title: string, summary: string, markdown: string, example: DocumentExample | null): Article {
  const { html, toc } = renderMarkdown(markdown);
  const plain = plainText(html);
  return { id, section, order, title, summary, html, toc, plain, text: plain.toLowerCase(), example };
}

function guideArticles(language: Language): Article[] {
  const dir = `${DOCS_DIR}${language}/`;
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => {
      const { meta, body } = frontMatter(readFileSync(dir + file, 'utf8'), file);
      const section = meta.section as DocumentSection;
      if (!meta.id || !ARTICLE_ID.test(meta.id) || !(DOCUMENT_SECTIONS as readonly string[]).includes(section) || !meta.title) {
        throw new Error(`${file}: front matter needs id, section (${DOCUMENT_SECTIONS.join(', ')}) and title`);
      }
      return build(meta.id, section, Number(meta.order ?? 100), meta.title, meta.summary ?? '', body, null);
    });
}

/** Table cell text: pipes escaped, `<` outside code spans escaped so a described tag is shown, not parsed. */
function cell(text: string | undefined): string {
  if (!text) return '';
  return text
    .replace(/\s+/g, ' ')
    .split(/(`[^`]*`)/)
    .map((piece, index) => (index % 2 === 1 ? piece : piece.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')))
    .join('')
    .replace(/\|/g, '\\|');
}

/** Headings and fixed texts of a reference article, per language (the manifest's own texts are in English). */
const REFERENCE_TEXT: Record<Language, Record<string, string>> = {
  zh_CN: {
    summary: '{{tag}} 的属性、事件、样式部件与在线示例。',
    note: '下表由 custom-elements.json 生成（说明为英文原文），与代码始终一致。',
    usage: '用法',
    attributes: '属性',
    events: '事件',
    parts: '样式部件（::part）',
    properties: 'CSS 自定义属性',
    name: '名称',
    type: '类型',
    default: '默认值',
    description: '说明',
    none: '无。',
    example: '在线示例',
    'example-text': '下方是在本控制台中挂载的真实 `{{tag}}`，连接参考服务器、使用当前登录会话。',
  },
  en_US: {
    summary: 'Attributes, events, parts and a live example of {{tag}}.',
    note: 'The tables below are generated from custom-elements.json, so they always match the code.',
    usage: 'Usage',
    attributes: 'Attributes',
    events: 'Events',
    parts: 'Parts (::part)',
    properties: 'CSS custom properties',
    name: 'Name',
    type: 'Type',
    default: 'Default',
    description: 'Description',
    none: 'None.',
    example: 'Live example',
    'example-text': 'Below is a real `{{tag}}` mounted in this console, talking to the reference server with your session.',
  },
};

/** The Markdown of one element's reference article. */
export function referenceMarkdown(element: ManifestElement, language: Language): string {
  const t = (key: string) => REFERENCE_TEXT[language][key]!.replace('{{tag}}', element.tagName);
  const table = (head: string[], rows: string[][]) =>
    rows.length === 0 ? `${t('none')}\n` : [`| ${head.join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n') + '\n';
  const lines = [
    `${cell(element.description ?? element.summary)}`,
    '',
    `> ${t('note')}`,
    '',
    `## ${t('usage')}`,
    '',
    '```html',
    `<script type="module" src="/console/assets/elements/${element.tagName.replace(/^ec-/, '')}.js"></script>`,
    `<${element.tagName} api-base="/api" lang="${language.replace('_', '-')}"></${element.tagName}>`,
    '```',
    '',
    `## ${t('attributes')}`,
    '',
    table(
      [t('name'), t('type'), t('default'), t('description')],
      (element.attributes ?? []).map((entry) => [`\`${entry.name}\``, entry.type ? `\`${entry.type.text}\`` : '', entry.default ? `\`${entry.default}\`` : '', cell(entry.description)]),
    ),
    `## ${t('events')}`,
    '',
    table([t('name'), t('description')], (element.events ?? []).map((entry) => [`\`${entry.name}\``, cell(entry.description)])),
    `## ${t('parts')}`,
    '',
    table([t('name'), t('description')], (element.cssParts ?? []).map((entry) => [`\`${entry.name}\``, cell(entry.description)])),
    `## ${t('properties')}`,
    '',
    table([t('name'), t('default'), t('description')], (element.cssProperties ?? []).map((entry) => [`\`${entry.name}\``, entry.default ? `\`${entry.default}\`` : '', cell(entry.description)])),
    `## ${t('example')}`,
    '',
    t('example-text'),
    '',
  ];
  return lines.join('\n');
}

/** Attributes every reader's example gets: a short page where the element pages, an article for the article reader. */
function exampleAttributes(element: ManifestElement): Record<string, string> {
  const names = new Set((element.attributes ?? []).map((entry) => entry.name));
  return {
    ...(names.has('page-size') ? { 'page-size': '10' } : {}),
    ...(names.has('article-id') ? { 'article-id': 'getting-started' } : {}),
  };
}

function referenceArticles(language: Language, elements: ManifestElement[]): Article[] {
  return elements.map((element, index) =>
    build(
      referenceId(element.tagName),
      'elements',
      1000 + index,
      `<${element.tagName}>`,
      // The manifest's summary is English: a Chinese list says what the article holds in Chinese instead.
      language === 'en_US' && element.summary ? element.summary : REFERENCE_TEXT[language].summary!.replace('{{tag}}', element.tagName),
      referenceMarkdown(element, language),
      // Ids from the caller's data are added per request (routes.ts).
      { tag: element.tagName, attributes: exampleAttributes(element) },
    ),
  );
}

const cache = new Map<Language, Article[]>();

/** Every article of a language in reading order: sections in dashboard order, then `order`, then title. */
export function articlesOf(language: Language): Article[] {
  let articles = cache.get(language);
  if (!articles) {
    articles = [...guideArticles(language), ...referenceArticles(language, manifestElements())].sort(
      (a, b) => DOCUMENT_SECTIONS.indexOf(a.section) - DOCUMENT_SECTIONS.indexOf(b.section) || a.order - b.order || a.title.localeCompare(b.title),
    );
    const ids = new Set<string>();
    for (const article of articles) {
      if (ids.has(article.id)) throw new Error(`Two ${language} articles have the id ${article.id}`);
      ids.add(article.id);
    }
    cache.set(language, articles);
  }
  return articles;
}
