/**
 * The documentation centre (issue 29; shell §2 `/document`, `/document/{aid}`) and OEM module settings (shell §1,
 * §7 `oem/cfg`): the article calls, the renderer's XSS corpus, the element reference against custom-elements.json,
 * the guides against the code they describe, and what an OEM configuration may store.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND_CODE, SESSION_EXPIRED_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type { DocumentArticle, DocumentSearchHit, DocumentSummary } from '../../core/api/endpoints/documents.js';
import type { ListAnswer, OemConfigAnswer } from '../../core/api/endpoints/platform.js';
import { parseLogExpression } from '../../core/logs/expression.js';
import { validateModulesSettings } from '../../core/rules/oem.js';
import { articlesOf, manifestElements, referenceId } from '../../demo/server/features/documents/articles.js';
import { renderMarkdown } from '../../demo/server/features/documents/render.js';
import { canonicalRequest, SIGNATURE_HEADERS, SIGNATURE_SCHEME, SIGNATURE_SKEW_MS } from '../../demo/server/platform/security/signed-requests.js';
import { removeOemConfig, saveOemConfig, validateOemConfig } from '../../demo/server/features/account/oem-store.js';
import { call, expectOk, signInChild, signInParent, startServer } from './helpers.js';

/** Known XSS payloads: script, handlers, script URLs, SVG/MathML tricks, malformed and nested tags, CSS. */
const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="java&#x09;script:alert(1)">tab</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">entities</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '[md link](javascript:alert(1))',
  '[md data](data:text/html,<script>alert(1)</script>)',
  '![img](javascript:alert(1))',
  '<javascript:alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<math href="javascript:alert(1)">CLICK</math>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">styled</div>',
  '<p style="x:expression(alert(1))">old IE</p>',
  '<style>@import "javascript:alert(1)";</style>',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)//<</script>/script>',
  '<img """><script>alert(1)</script>">',
  '<a href="http://ok.example" onclick="alert(1)">ok?</a>',
  '<h2 id="__proto__" onclick=alert(1)>heading</h2>',
  '<template><script>alert(1)</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<a href="//evil.example">protocol relative</a>',
  '```html\n<script>alert(1)</script>\n```',
  '`<img src=x onerror=alert(1)>`',
  '<x onmouseover=alert(1)>x</x>',
  '<a href=" javascript:alert(1)">space</a>',
  '<table><tr><td background="javascript:alert(1)">cell</td></tr></table>',
];

/**
 * What would run in a browser: a script element, an event handler attribute, or a script/data/vbscript URL. Only the
 * tags are looked at: a payload shown as text (escaped, in a code block) is what the reader should see.
 */
function executable(html: string): string | null {
  const tags = (html.match(/<\/?[a-zA-Z][^>]*>/g) ?? []).join('\n');
  const checks: [RegExp, string][] = [
    [/<script\b/i, 'script tag'],
    [/<(iframe|object|embed|svg|math|style|link|meta|base|form|input|img|video|source|body|template|details)\b/i, 'dangerous tag'],
    [/\son[a-z]+\s*=/i, 'event handler'],
    [/(href|src|action|data|background)\s*=\s*["']?\s*(javascript|data|vbscript):/i, 'script URL'],
    [/\sstyle\s*=/i, 'inline style'],
    [/href\s*=\s*["']?\/\//i, 'protocol-relative URL'],
  ];
  for (const [pattern, name] of checks) if (pattern.test(tags)) return name;
  return null;
}

describe('documentation centre (issue 29; shell §2 /document, /document/{aid})', () => {
  let app: FastifyInstance;
  let token: string;
  let child: string;

  before(async () => {
    ({ app } = await startServer());
    token = (await signInParent(app)).token;
    child = (await signInChild(app)).token;
  });
  after(() => app.close());

  it('the XSS corpus: nothing executable survives the renderer', () => {
    for (const payload of XSS_CORPUS) {
      const { html } = renderMarkdown(`# Title\n\nBefore.\n\n${payload}\n\nAfter.`);
      assert.equal(executable(html), null, `${payload}\n→ ${html}`);
      // The article around the payload is kept.
      assert.match(html, /Before\./);
    }
    // The corpus is run through the article path too: embedded in a table cell and a list.
    const { html } = renderMarkdown(['| a | b |', '| --- | --- |', ...XSS_CORPUS.map((payload) => `| ${payload.replace(/\n/g, ' ').replace(/\|/g, '\\|')} | x |`), '', ...XSS_CORPUS.map((payload) => `- ${payload.replace(/\n/g, ' ')}`)].join('\n'));
    assert.equal(executable(html), null, html);
  });

  it('the renderer keeps what articles need: headings with anchors, code, tables, article and https links', () => {
    const { html, toc } = renderMarkdown('# T\n\n## One `code`\n\ntext [next](doc:embedding) [site](https://example.com)\n\n### Two\n\n```js\nconst a = 1 < 2;\n```\n\n| x |\n| --- |\n| y |\n');
    assert.deepEqual(toc, [
      { id: 'doc-h-1', level: 2, text: 'One code' },
      { id: 'doc-h-2', level: 3, text: 'Two' },
    ]);
    assert.match(html, /<h2 id="doc-h-1">One <code>code<\/code><\/h2>/);
    assert.match(html, /<a href="doc:embedding">next<\/a>/);
    assert.match(html, /<a href="https:\/\/example.com">site<\/a>/);
    assert.match(html, /<code class="language-js">const a = 1 &lt; 2;/);
    assert.match(html, /<table>/);
    assert.doesNotMatch(html, /<h1/);
  });

  it('lists every article per language with the same ids, guides first, an article per section', async () => {
    const zh = await expectOk<ListAnswer<DocumentSummary>>(app, 'GET', 'V4/document.article.list', { token, lang: 'zh_CN' });
    const en = await expectOk<ListAnswer<DocumentSummary>>(app, 'GET', 'V4/document.article.list', { token, query: { lang: 'en_US' }, lang: 'zh_CN' });
    assert.equal(zh.total, zh.list.length);
    assert.deepEqual(zh.list.map((entry) => entry.id), en.list.map((entry) => entry.id));
    assert.equal(zh.list[0]!.id, 'getting-started');
    assert.equal(zh.list[0]!.title, '快速开始');
    assert.equal(en.list[0]!.title, 'Getting started');
    for (const id of ['getting-started', 'embedding', 'api-signing', 'log-query-language']) assert.ok(en.list.some((entry) => entry.id === id), id);
    assert.deepEqual([...new Set(en.list.map((entry) => entry.section))], ['guide', 'api', 'logs', 'elements']);
  });

  it('every element of custom-elements.json has a reference article in both languages naming every attribute, event and part', async () => {
    const elements = manifestElements();
    assert.ok(elements.length >= 30);
    for (const language of ['zh_CN', 'en_US'] as const) {
      for (const element of elements) {
        const article = await expectOk<DocumentArticle>(app, 'GET', 'V4/document.article.get', { token, query: { id: referenceId(element.tagName), lang: language } });
        assert.equal(article.section, 'elements');
        assert.deepEqual(article.example?.tag, element.tagName);
        for (const attribute of element.attributes ?? []) assert.ok(article.html.includes(`<code>${attribute.name}</code>`), `${language} ${element.tagName} attribute ${attribute.name}`);
        for (const event of element.events ?? []) assert.ok(article.html.includes(`<code>${event.name}</code>`), `${language} ${element.tagName} event ${event.name}`);
        for (const part of element.cssParts ?? []) assert.ok(article.html.includes(`<code>${part.name}</code>`), `${language} ${element.tagName} part ${part.name}`);
        assert.equal(executable(article.html), null, element.tagName);
      }
    }
  });

  it('one article: rendered html, table of contents, previous/next, live example with the caller\'s website; unknown ids are not found', async () => {
    const article = await expectOk<DocumentArticle>(app, 'GET', 'V4/document.article.get', { token, query: { id: 'embedding' } });
    assert.equal(article.title, 'Embedding guide');
    assert.ok(article.toc.some((heading) => heading.text === 'Hash or history routing'));
    assert.deepEqual(article.previous, { id: 'getting-started', title: 'Getting started' });
    assert.equal(article.next?.id, 'api-signing');
    assert.equal(article.example, null);
    const console = await expectOk<DocumentArticle>(app, 'GET', 'V4/document.article.get', { token, query: { id: 'element-domain-console' } });
    const first = app.db.prepare('SELECT id FROM domains WHERE member_id = (SELECT member_id FROM users WHERE email IS NOT NULL ORDER BY id LIMIT 1) ORDER BY id LIMIT 1').get() as { id: number };
    assert.equal(console.example?.attributes['domain-id'], String(first.id));
    assert.equal((await call(app, 'GET', 'V4/document.article.get', { token, query: { id: 'no-such-article' } })).code, NOT_FOUND_CODE);
    assert.equal((await call(app, 'GET', 'V4/document.article.get', { token, query: { id: '../etc/passwd' } })).code, VALIDATION_FAILED_CODE);
    assert.equal((await call(app, 'GET', 'V4/document.article.get', { query: { id: 'embedding' } })).code, SESSION_EXPIRED_CODE);
  });

  it('a sub-account\'s live example shows only a website its group reaches', async () => {
    const article = await expectOk<DocumentArticle>(app, 'GET', 'V4/document.article.get', { token: child, query: { id: 'element-cache-rules' } });
    const id = article.example?.attributes['domain-id'];
    if (id !== undefined) {
      const reachable = await call(app, 'GET', 'V4/cloudsafe.hwws.domain.list', { token: child, query: { per_page: 1000 } });
      assert.ok((reachable.data as ListAnswer<{ domain_id: number }>).list.some((entry) => String(entry.domain_id) === id));
    }
  });

  it('search: every word in title or body, title matches first, snippets marked as text pieces, both languages', async () => {
    const hits = await expectOk<ListAnswer<DocumentSearchHit>>(app, 'GET', 'V4/document.article.search', { token, query: { q: 'nonce HMAC' } });
    assert.equal(hits.list[0]!.id, 'api-signing');
    const marked = hits.list[0]!.snippet.filter((part) => part.match).map((part) => part.text.toLowerCase());
    assert.ok(marked.includes('nonce') || marked.includes('hmac'), JSON.stringify(hits.list[0]!.snippet));
    const titled = await expectOk<ListAnswer<DocumentSearchHit>>(app, 'GET', 'V4/document.article.search', { token, query: { q: 'embedding' } });
    assert.equal(titled.list[0]!.id, 'embedding');
    const zh = await expectOk<ListAnswer<DocumentSearchHit>>(app, 'GET', 'V4/document.article.search', { token, lang: 'zh_CN', query: { q: '签名' } });
    assert.equal(zh.list[0]!.id, 'api-signing');
    assert.ok(zh.list[0]!.snippet.some((part) => part.match && part.text === '签名'));
    const none = await expectOk<ListAnswer<DocumentSearchHit>>(app, 'GET', 'V4/document.article.search', { token, query: { q: 'zzqqxx-nothing' } });
    assert.deepEqual(none, { list: [], total: 0 });
    const paged = await expectOk<ListAnswer<DocumentSearchHit>>(app, 'GET', 'V4/document.article.search', { token, query: { q: 'attribute', per_page: 2, page: 2 } });
    assert.ok(paged.total > 4);
    assert.equal(paged.list.length, 2);
    assert.equal((await call(app, 'GET', 'V4/document.article.search', { token, query: { q: 'x'.repeat(101) } })).code, VALIDATION_FAILED_CODE);
    // A snippet is text: markup in the query comes back as text pieces, never as HTML.
    const markup = await expectOk<ListAnswer<DocumentSearchHit>>(app, 'GET', 'V4/document.article.search', { token, query: { q: '<script>' } });
    for (const hit of markup.list) for (const part of hit.snippet) assert.equal(typeof part.text, 'string');
  });

  it('the signing guide says what the server checks (signed-requests.ts), in both languages', () => {
    for (const language of ['en_US', 'zh_CN'] as const) {
      const article = articlesOf(language).find((entry) => entry.id === 'api-signing')!;
      assert.ok(article.plain.includes(SIGNATURE_SCHEME));
      for (const header of Object.values(SIGNATURE_HEADERS)) assert.ok(article.text.includes(header), `${language} ${header}`);
      assert.ok(article.plain.includes(String(SIGNATURE_SKEW_MS / 60_000)));
      assert.ok(article.plain.includes(String(SESSION_EXPIRED_CODE)));
    }
    // The guide's line order is the server's.
    assert.equal(canonicalRequest({ method: 'get', path: '/p', query: 'b=2&a=1', contentHash: 'h', timestamp: '1', nonce: 'n' }), `${SIGNATURE_SCHEME}\nGET\n/p\na=1&b=2\nh\n1\nn`);
  });

  it('every example expression of the log query guide parses (core/logs/expression.ts)', () => {
    for (const language of ['en_US', 'zh_CN'] as const) {
      const article = articlesOf(language).find((entry) => entry.id === 'log-query-language')!;
      const blocks = [...article.html.matchAll(/<pre><code>([\s\S]*?)<\/code><\/pre>/g)].flatMap((match) => match[1]!.trim().split('\n'));
      assert.ok(blocks.length >= 3);
      for (const line of blocks) {
        const text = line.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
        const parsed = parseLogExpression(text, 'waf');
        assert.ok(parsed.ok, `${language}: ${text} ${JSON.stringify(parsed)}`);
      }
    }
  });
});

describe('OEM modulesSettings (shell §1, §7 oem/cfg; issue 29)', () => {
  let app: FastifyInstance;
  before(async () => {
    ({ app } = await startServer());
  });
  after(() => app.close());

  const issuesOf = (value: unknown) => validateModulesSettings(value).map((found) => `${found.field} ${found.key}`);

  it('<module>.title: 1-32 characters', () => {
    assert.deepEqual(issuesOf({ 'cloud-speed': { title: 'Edge' } }), []);
    assert.deepEqual(issuesOf({ 'cloud-speed': { title: '' } }), ['modulesSettings.cloud-speed.title common.length-range']);
    assert.deepEqual(issuesOf({ 'cloud-speed': { title: 'x'.repeat(33) } }), ['modulesSettings.cloud-speed.title common.length-range']);
    assert.deepEqual(issuesOf({ 'cloud-speed': { title: 7 } }), ['modulesSettings.cloud-speed.title common.length-range']);
  });

  it('<module>.hidden: a boolean; every module hidden is refused', () => {
    assert.deepEqual(issuesOf({ 'taichi-app': { hidden: true } }), []);
    assert.deepEqual(issuesOf({ 'taichi-app': { hidden: 'yes' } }), ['modulesSettings.taichi-app.hidden common.format-error']);
    const all = Object.fromEntries(['cloud-resolving', 'cloud-speed', 'taichi-app', 'security', 'user-center', 'message-center', 'access-management', 'access-key'].map((module) => [module, { hidden: true }]));
    assert.deepEqual(issuesOf(all), ['modulesSettings common.format-error']);
  });

  it('<module>.menu.<route>.hidden: a route name of that module, only `hidden`', () => {
    assert.deepEqual(issuesOf({ 'cloud-speed': { menu: { 'cloud-speed-new-dashboard': { hidden: true } } } }), []);
    assert.deepEqual(issuesOf({ 'cloud-speed': { menu: { 'cloud-resolving-domainList': { hidden: true } } } }), ['modulesSettings.cloud-speed.menu.cloud-resolving-domainList common.format-error']);
    assert.deepEqual(issuesOf({ 'cloud-speed': { menu: { 'cloud-speed-new-dashboard': { hidden: true, title: 'x' } } } }), ['modulesSettings.cloud-speed.menu.cloud-speed-new-dashboard common.format-error']);
    assert.deepEqual(issuesOf({ 'cloud-speed': { menu: [] } }), ['modulesSettings.cloud-speed.menu common.format-error']);
  });

  it('document.hidden and apiDocs.hidden: only true (shell §1 hides both under any OEM)', () => {
    assert.deepEqual(issuesOf({ document: { hidden: true }, apiDocs: { hidden: true } }), []);
    assert.deepEqual(issuesOf({ document: { hidden: false } }), ['modulesSettings.document.hidden common.format-error']);
    assert.deepEqual(issuesOf({ apiDocs: { title: 'Docs' } }), ['modulesSettings.apiDocs common.format-error']);
  });

  it('unknown modules and settings are refused', () => {
    assert.deepEqual(issuesOf({ billing: { hidden: true } }), ['modulesSettings.billing common.format-error']);
    assert.deepEqual(issuesOf({ 'cloud-speed': { colour: 'red' } }), ['modulesSettings.cloud-speed.colour common.format-error']);
    assert.deepEqual(issuesOf([]), ['modulesSettings common.format-error']);
  });

  it('the store refuses what the rules refuse, and oem/cfg answers what was stored; a row written around the rules answers no settings', async () => {
    assert.throws(() => saveOemConfig(app.db, '*', { title: 'P', modulesSettings: { document: { hidden: false } } }), /modulesSettings\.document\.hidden common\.format-error/);
    assert.deepEqual(validateOemConfig('*', { assets: { logo: 'javascript:alert(1)' } }).map((found) => found.field), ['assets.logo']);
    const settings = { 'cloud-speed': { title: 'Edge', menu: { 'cloud-speed-new-dashboard': { hidden: true } } }, 'taichi-app': { hidden: true }, document: { hidden: true } };
    saveOemConfig(app.db, '*', { title: 'Partner', assets: { logo: '/logo.svg' }, modulesSettings: settings });
    try {
      const answer = await expectOk<OemConfigAnswer>(app, 'GET', 'oem/cfg');
      assert.deepEqual(answer.oem?.modulesSettings, settings);
      assert.equal(answer.oem?.assets.logo, '/logo.svg');
      app.db.prepare('UPDATE oem_config SET modules_settings = ?').run(JSON.stringify({ 'cloud-speed': { hidden: 'maybe' } }));
      assert.deepEqual((await expectOk<OemConfigAnswer>(app, 'GET', 'oem/cfg')).oem?.modulesSettings, {});
    } finally {
      removeOemConfig(app.db, '*');
    }
  });
});
