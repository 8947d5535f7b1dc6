/**
 * Bot classification (rules §6 bot analytics; shell §2 `Bot`, known and unknown details): the catalogue, the unknown
 * rules and the spoofing check, on user agents the vendors and tools publish (their documentation pages and default
 * headers), not invented ones. test/server/bot-reports.test.ts checks the store predicates against these line rules on
 * the real log store.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  agentReasons,
  classifyLine,
  KNOWN_BOTS,
  knownBot,
  knownBotOfAgent,
  parseSignatureId,
  signatureId,
  TOOL_JA3,
  verifiesAs,
  type AddressLookup,
} from '../../../core/logs/bots.js';

/** User agents as the vendors publish them in their crawler documentation. */
const PUBLISHED: Record<string, string[]> = {
  googlebot: [
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Googlebot-Image/1.0',
  ],
  bingbot: ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
  baiduspider: ['Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)'],
  yandexbot: ['Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)'],
  sogou: ['Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)'],
  applebot: [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
  ],
  petalbot: ['Mozilla/5.0 (Linux; Android 7.0;) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)'],
  'yahoo-slurp': ['Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)'],
  twitterbot: ['Twitterbot/1.0'],
  facebookexternalhit: ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
  pingdom: ['Pingdom.com_bot_version_1.4_(http://www.pingdom.com/)'],
};

/** Browsers' own user agents (the vendors' current release strings): people, not bots. */
const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
];

/** The default user agents of tools and libraries (what they send when the caller sets none). */
const TOOLS: [agent: string, reason: string][] = [
  ['curl/8.5.0', 'automation'],
  ['Wget/1.21.4', 'automation'],
  ['python-requests/2.32.3', 'automation'],
  ['Python-urllib/3.12', 'automation'],
  ['Go-http-client/1.1', 'automation'],
  ['okhttp/4.12.0', 'automation'],
  ['Scrapy/2.11.2 (+https://scrapy.org)', 'automation'],
  ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36', 'headless'],
  ['sqlmap/1.8.4#stable (https://sqlmap.org)', 'scanner'],
  ['Mozilla/5.00 (Nikto/2.5.0) (Evasions:None) (Test:Port Check)', 'scanner'],
  ['Mozilla/5.0 zgrab/0.x', 'scanner'],
];

const VERIFIED: AddressLookup = { name: 'crawl-66-249-66-1.googlebot.com.', confirmed: true };

describe('rules §6 bot analytics: the known-bot catalogue', () => {
  it('names each published crawler user agent as its catalogue entry', () => {
    for (const [id, agents] of Object.entries(PUBLISHED)) {
      for (const agent of agents) assert.equal(knownBotOfAgent(agent)?.id, id, agent);
    }
    assert.deepEqual(Object.keys(PUBLISHED).sort(), KNOWN_BOTS.map((bot) => bot.id).sort(), 'every catalogue entry is tried');
  });

  it('records for every entry a category, a vendor and the reverse DNS suffixes it is verified by', () => {
    for (const bot of KNOWN_BOTS) {
      assert.ok(bot.reverseDns.length > 0 && bot.reverseDns.every((suffix) => suffix.startsWith('.')), bot.id);
      assert.ok(bot.vendor && bot.category, bot.id);
    }
  });

  it('a claimed bot is known only from an address whose reverse name has the suffix and resolves back', () => {
    const google = knownBot('googlebot')!;
    assert.equal(verifiesAs(google, VERIFIED), true);
    assert.equal(verifiesAs(google, { name: 'rate-limited-proxy-66-249-90-77.google.com', confirmed: true }), true);
    assert.equal(verifiesAs(google, { name: 'crawl-66-249-66-1.googlebot.com', confirmed: false }), false, 'the forward lookup must confirm');
    assert.equal(verifiesAs(google, { name: 'googlebot.com.attacker.example', confirmed: true }), false, 'a suffix, not a substring');
    assert.equal(verifiesAs(google, { name: 'crawl.baidu.com', confirmed: true }), false, "another vendor's name");
    assert.equal(verifiesAs(google, { name: null, confirmed: false }), false);
  });

  it('a known bot user agent from an address that fails verification is a spoofed, unknown bot', () => {
    const agent = PUBLISHED.googlebot![0]!;
    assert.deepEqual(classifyLine({ userAgent: agent, ja3: '', lookup: VERIFIED }), { class: 'known', bot: knownBot('googlebot') });
    const spoofed = classifyLine({ userAgent: agent, ja3: TOOL_JA3[1]!, lookup: { name: 'static.host.example', confirmed: true } });
    assert.equal(spoofed.class, 'unknown');
    assert.deepEqual(spoofed.class === 'unknown' && spoofed.reasons, ['spoofed', 'tool-fingerprint']);
    assert.equal(spoofed.class === 'unknown' && spoofed.claims?.id, 'googlebot');
  });
});

describe('rules §6 bot analytics: the unknown-bot rules', () => {
  it('browsers are people', () => {
    for (const agent of BROWSERS) assert.deepEqual(classifyLine({ userAgent: agent, ja3: 'cd08e31494f9531f560d64c695473da9', lookup: null }), { class: 'human' }, agent);
  });

  it('automation libraries, headless browsers and scanners are unknown bots, each with its reason', () => {
    for (const [agent, reason] of TOOLS) assert.ok(agentReasons(agent, '').includes(reason as never), `${agent}: ${reason}`);
  });

  it('an empty user agent, a crawler word outside the catalogue, a tool fingerprint and the rate mark unknown bots', () => {
    assert.deepEqual(agentReasons('', ''), ['empty-agent']);
    assert.deepEqual(agentReasons('Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', ''), ['bot-word']);
    assert.deepEqual(agentReasons('Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)', ''), ['bot-word']);
    assert.deepEqual(agentReasons(BROWSERS[0]!, TOOL_JA3[3]!), ['tool-fingerprint'], 'a browser user agent over a tool stack');
    assert.deepEqual(classifyLine({ userAgent: BROWSERS[1]!, ja3: '', lookup: null, rateExceeded: true }), { class: 'unknown', reasons: ['rate'] });
  });

  it('a phone maker whose name holds "bot" is not a crawler word', () => {
    assert.deepEqual(agentReasons('Mozilla/5.0 (Linux; Android 10; CUBOT_X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36', ''), []);
  });
});

describe('unknown bot signature ids (shell §2 Bot/UnknowDetail/:id)', () => {
  it('round-trips user agents and fingerprints through a path-safe id', () => {
    for (const signature of [
      { kind: 'ua' as const, value: 'sqlmap/1.8.4#stable (https://sqlmap.org)' },
      { kind: 'ua' as const, value: '爬虫/1.0 +?&/' },
      { kind: 'ja3' as const, value: TOOL_JA3[0]! },
    ]) {
      const id = signatureId(signature);
      assert.match(id, /^[A-Za-z0-9_-]+$/);
      assert.deepEqual(parseSignatureId(id), signature);
    }
    assert.equal(parseSignatureId('ja3-xyz'), null);
    assert.equal(parseSignatureId('ua-***'), null);
    assert.equal(parseSignatureId('nothing'), null);
  });
});
