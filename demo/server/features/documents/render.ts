/**
 * Markdown to safe HTML for the documentation centre: `marked` (a maintained CommonMark/GFM renderer) turns the
 * article into HTML, then `sanitize-html` (a maintained allow-list sanitiser) keeps only the tags, attributes and URL
 * schemes an article needs. Rendering happens here, on the server, so the documents pages download HTML and no
 * renderer, and no other page carries one (issue 29: "the docs route must not pull a renderer into other pages").
 *
 * Articles are the project's own files today, but the sanitiser is not optional: an article is data, and the XSS
 * corpus of test/server/documents.test.ts runs through this very function.
 */
import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { DocumentHeading } from '../../../../core/api/endpoints/documents.js';

/** Links to another article are written `doc:<id>`; the element turns them into console links (ec-navigate). */
export const ARTICLE_LINK_SCHEME = 'doc';
/** Heading anchors the renderer makes; any other id is dropped (no DOM clobbering through article ids). */
const HEADING_ID = /^doc-h-[0-9]{1,4}$/;

/** A rendered article. */
export interface RenderedMarkdown {
  html: string;
  toc: DocumentHeading[];
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2', 'h3', 'h4', 'p', 'a', 'ul', 'ol', 'li', 'code', 'pre', 'blockquote', 'table', 'thead', 'tbody', 'tr', 'th',
    'td', 'em', 'strong', 'del', 'hr', 'br', 'kbd',
  ],
  allowedAttributes: { a: ['href', 'title'], h2: ['id'], h3: ['id'], h4: ['id'], th: ['align'], td: ['align'], code: ['class'] },
  allowedClasses: { code: [/^language-[a-z0-9-]{1,20}$/] },
  allowedSchemes: ['https', 'http', 'mailto', ARTICLE_LINK_SCHEME],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text inside a removed <script>, <style>, <textarea>... is dropped with it, not shown as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'iframe', 'object', 'svg', 'math'],
  transformTags: {
    h2: keepHeadingId,
    h3: keepHeadingId,
    h4: keepHeadingId,
  },
};

function keepHeadingId(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  return { tagName, attribs: attribs.id && HEADING_ID.test(attribs.id) ? { id: attribs.id } : {} };
}

/** Plain text of an inline HTML fragment (for the table of contents). */
function textOf(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/**
 * Renders an article: headings of level 2-4 get anchors `doc-h-<n>` (levels 2 and 3 form the table of contents);
 * a level-1 heading is the article's title, which the page shows itself, so it is dropped from the body.
 */
export function renderMarkdown(markdown: string): RenderedMarkdown {
  const toc: DocumentHeading[] = [];
  let counter = 0;
  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Heading['tokens']): string } }, { tokens, depth }: Tokens.Heading) {
        if (depth === 1) return '';
        const inner = this.parser.parseInline(tokens);
        const level = Math.min(depth, 4);
        counter += 1;
        const id = `doc-h-${counter}`;
        if (level <= 3) toc.push({ id, level, text: textOf(inner) });
        return `<h${level} id="${id}">${inner}</h${level}>\n`;
      },
    },
  });
  const raw = marked.parse(markdown) as string;
  const html = sanitizeHtml(raw, SANITIZE);
  // A heading the sanitiser emptied (it held only markup) leaves no entry pointing nowhere.
  return { html, toc: toc.filter((heading) => html.includes(`id="${heading.id}"`)) };
}

/** The plain text of rendered HTML, for search. */
export function plainText(html: string): string {
  return textOf(html.replace(/<\/(p|h[2-4]|li|td|th|pre|blockquote)>/g, '$& ')).replace(/\s+/g, ' ');
}
