import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classifyUserAgent, evaluateSecurityCards, RATE_THRESHOLDS, regionScheduleHolds, type SecurityCardVerdict } from '../../../core/match/security-cards.js';
import type { SampleRequest } from '../../../core/match/request.js';
import { allSecurityCardDefaults, SECURITY_CARD_NAMES, type SecurityCardName, type SecurityCardValues } from '../../../core/security/cards.js';
import { visitorToken } from '../../../core/security/visitor-token.js';
import { regionData } from '../../../demo/server/features/account/regions.js';

const regions = regionData('en_US').ipRegions;
/** Wednesday 2026-11-25 12:00 Beijing time (04:00 UTC). */
const NOW = Date.UTC(2026, 10, 25, 4, 0);
const NOW_S = NOW / 1000;

const request = (extra: Partial<SampleRequest> = {}): SampleRequest => ({
  method: 'GET',
  url: 'https://www.example.com/index.html',
  client_ip: '203.0.113.7',
  headers: [{ name: 'User-Agent', value: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0' }],
  ...extra,
});

/** Every card off but the ones given (merged over their defaults, switched on). */
function cards(on: { [N in SecurityCardName]?: Partial<SecurityCardValues[N]> }): SecurityCardValues {
  const all = allSecurityCardDefaults();
  for (const [name, value] of Object.entries(on)) Object.assign(all[name as SecurityCardName], value, { enabled: true });
  return all;
}

function one(name: SecurityCardName, verdicts: SecurityCardVerdict[]): SecurityCardVerdict {
  return verdicts.find((entry) => entry.card === name)!;
}

describe('security cards matcher (issue 22; rules §2 cards)', () => {
  it('answers every card in SECURITY_CARDS order; off cards say so', () => {
    const verdicts = evaluateSecurityCards(allSecurityCardDefaults(), request(), { now: NOW, regions });
    assert.deepEqual(verdicts.map((entry) => entry.card), SECURITY_CARD_NAMES);
    assert.ok(verdicts.every((entry) => !entry.enabled && entry.reason.code === 'off' && entry.action === 'none'));
  });

  it('the first card that blocks ends it; the cards after are not reached; observation only records', () => {
    const verdicts = evaluateSecurityCards(
      cards({ region_block: { mode: 'observe', regions: ['US'] }, referer_hotlink: { allow_empty: false }, bot_management: {} }),
      request({ region: 'US' }),
      { now: NOW, regions },
    );
    assert.deepEqual(one('region_block', verdicts), { card: 'region_block', enabled: true, matched: true, decided: true, action: 'observe', stops: false, reason: { code: 'region-listed', values: { region: 'US', target: 'US' } } });
    assert.equal(one('referer_hotlink', verdicts).stops, true);
    assert.equal(one('bot_management', verdicts).reason.code, 'not-reached');
    assert.equal(one('bot_management', verdicts).enabled, true);
  });
});

describe('region block (rules §4 "regional blocking on Beijing time", shell §3 CNPR/CNHMT groups)', () => {
  it('a country, a continent and the CNPR/CNHMT groups cover their members', () => {
    const check = (target: string, region: string) => one('region_block', evaluateSecurityCards(cards({ region_block: { regions: [target] } }), request({ region }), { now: NOW, regions }));
    assert.equal(check('US', 'US').action, 'block');
    assert.equal(check('AMERICA', 'US').action, 'block');
    assert.equal(check('CNPR', 'CN-GD').action, 'block');
    assert.equal(check('CNHMT', 'HK').action, 'block');
    assert.equal(check('CNHMT', 'CN-GD').reason.code, 'region-not-listed');
    assert.equal(check('CN-GD', 'CN').decided, false, 'a province target of a request known only as CN is undecided');
  });

  it('a request without a region is undecided, never blocked', () => {
    const verdict = one('region_block', evaluateSecurityCards(cards({ region_block: { regions: ['US'] } }), request(), { now: NOW, regions }));
    assert.deepEqual([verdict.decided, verdict.action, verdict.reason.code], [false, 'none', 'region-unknown']);
  });

  it('rules §9 "regional blocking on Beijing time": weekdays and start/end read at UTC+8, windows past midnight', () => {
    const office = { always: false, weekdays: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' };
    assert.equal(regionScheduleHolds(office, NOW).holds, true); // Wednesday 12:00 Beijing
    assert.deepEqual(regionScheduleHolds(office, Date.UTC(2026, 10, 25, 11, 0)), { holds: false, weekday: 3, time: '19:00' });
    // 2026-11-28 is a Saturday in Beijing from 16:00 UTC on Friday.
    assert.equal(regionScheduleHolds(office, Date.UTC(2026, 10, 27, 16, 30)).weekday, 6);
    const night = { always: false, weekdays: [5], start: '22:00', end: '06:00' };
    assert.equal(regionScheduleHolds(night, Date.UTC(2026, 10, 27, 14, 30)).holds, true, 'Friday 22:30');
    assert.equal(regionScheduleHolds(night, Date.UTC(2026, 10, 27, 20, 0)).holds, true, 'Saturday 04:00 belongs to Friday');
    assert.equal(regionScheduleHolds(night, Date.UTC(2026, 10, 28, 20, 0)).holds, false, 'Sunday 04:00');
    const verdict = one('region_block', evaluateSecurityCards(cards({ region_block: { regions: ['US'], schedule: office } }), request({ region: 'US' }), { now: Date.UTC(2026, 10, 25, 11, 0), regions }));
    assert.deepEqual(verdict.reason, { code: 'region-outside-schedule', values: { weekday: 3, time: '19:00' } });
  });
});

describe('visitor authentication (rules §5 token in a header, rules §8/§9 one-hour tolerance)', () => {
  const on = (paths: string[] = []) => cards({ visitor_authentication: { key: 'secret', header: 'X-Auth-Token', paths } });
  const withToken = (token: string | null, url = '/index.html') =>
    request({ url, headers: token === null ? [] : [{ name: 'x-auth-token', value: token }] });

  it('a valid token passes; missing, malformed, wrongly signed and stale ones are refused', () => {
    const code = (token: string | null) => one('visitor_authentication', evaluateSecurityCards(on(), withToken(token), { now: NOW })).reason.code;
    assert.equal(code(visitorToken('secret', NOW_S - 60, 'n1')), 'token-ok');
    assert.equal(code(null), 'token-missing');
    assert.equal(code('nonsense'), 'token-malformed');
    assert.equal(code(visitorToken('other', NOW_S, 'n1')), 'token-bad-signature');
    assert.equal(code(visitorToken('secret', NOW_S - 3601, 'n1')), 'token-stale');
    const refused = one('visitor_authentication', evaluateSecurityCards(on(), withToken(null), { now: NOW }));
    assert.deepEqual([refused.matched, refused.action, refused.stops], [true, 'block', true]);
  });

  it('only protected paths are checked (none listed: every path)', () => {
    assert.equal(one('visitor_authentication', evaluateSecurityCards(on(['/private']), withToken(null, '/public/a'), { now: NOW })).reason.code, 'path-not-protected');
    assert.equal(one('visitor_authentication', evaluateSecurityCards(on(['/private']), withToken(null, '/Private/a'), { now: NOW })).reason.code, 'token-missing');
  });
});

describe('referer hotlink', () => {
  const check = (value: Partial<SecurityCardValues['referer_hotlink']>, referer?: string) =>
    one('referer_hotlink', evaluateSecurityCards(cards({ referer_hotlink: value }), request({ headers: referer === undefined ? [] : [{ name: 'Referer', value: referer }] }), { now: NOW }));

  it('deny list refuses listed referers (wildcards), allow list refuses the rest; the own host passes', () => {
    assert.equal(check({ list_type: 'deny', domains: ['*.bad.example'] }, 'https://img.bad.example/x').action, 'block');
    assert.equal(check({ list_type: 'deny', domains: ['*.bad.example'] }, 'https://good.example/').action, 'none');
    assert.equal(check({ list_type: 'allow', domains: ['partner.example'] }, 'https://partner.example/p').action, 'none');
    assert.equal(check({ list_type: 'allow', domains: ['partner.example'] }, 'https://other.example/p').reason.code, 'referer-not-listed');
    assert.equal(check({ list_type: 'allow', domains: [] }, 'https://www.example.com/page').reason.code, 'referer-own-host');
  });

  it('an empty Referer follows allow_empty', () => {
    assert.equal(check({ allow_empty: true }).reason.code, 'referer-empty-allowed');
    assert.equal(check({ allow_empty: false }).reason.code, 'referer-empty-refused');
  });
});

describe('CSRF (rules §5 "CSRF ... paths start with /, at most 128 characters, one per line")', () => {
  const on = { csrf: { mode: 'block' as const, paths: ['/account'], exception_paths: ['/account/public'] } };
  const post = (url: string, headers: { name: string; value: string }[]) => one('csrf', evaluateSecurityCards(cards(on), request({ method: 'POST', url: `https://www.example.com${url}`, headers }), { now: NOW }));

  it('unsafe methods on protected paths need a same-origin Origin or Referer', () => {
    assert.equal(post('/account/pay', [{ name: 'Origin', value: 'https://www.example.com' }]).reason.code, 'csrf-same-origin');
    assert.equal(post('/account/pay', [{ name: 'Referer', value: 'https://evil.example/x' }]).action, 'block');
    assert.equal(post('/account/pay', []).reason.code, 'csrf-no-origin');
    assert.equal(post('/account/public/x', []).reason.code, 'path-exception');
    assert.equal(post('/shop', []).reason.code, 'path-not-protected');
    assert.equal(one('csrf', evaluateSecurityCards(cards(on), request({ url: '/account/pay' }), { now: NOW })).reason.code, 'csrf-safe-method');
  });
});

describe('replay protection (rules §4 replay actions, rules §9 window 5/10/15 minutes)', () => {
  const on = (window: 5 | 10 | 15) => cards({ replay_protection: { window_minutes: window, action: 'captcha', exception_paths: ['/health'] } });
  const sent = (timestamp: number | null, nonce: string | null, url = '/api/order') =>
    request({ url, headers: [...(timestamp === null ? [] : [{ name: 'X-Timestamp', value: String(timestamp) }]), ...(nonce === null ? [] : [{ name: 'X-Nonce', value: nonce }])] });

  it('within the window passes; outside it, without a time or nonce, or a nonce seen before, acts', () => {
    assert.equal(one('replay_protection', evaluateSecurityCards(on(5), sent(NOW_S - 299, 'a'), { now: NOW })).reason.code, 'replay-fresh');
    const late = one('replay_protection', evaluateSecurityCards(on(5), sent(NOW_S - 301, 'a'), { now: NOW }));
    assert.deepEqual([late.reason.code, late.action, late.stops], ['replay-outside-window', 'captcha', true]);
    assert.equal(one('replay_protection', evaluateSecurityCards(on(10), sent(NOW_S - 301, 'a'), { now: NOW })).reason.code, 'replay-fresh');
    assert.equal(one('replay_protection', evaluateSecurityCards(on(15), sent(null, 'a'), { now: NOW })).reason.code, 'replay-missing');
    assert.equal(one('replay_protection', evaluateSecurityCards(on(15), sent(NOW_S, 'a'), { now: NOW, seenNonces: new Set(['a']) })).reason.code, 'replay-nonce-seen');
    assert.equal(one('replay_protection', evaluateSecurityCards(on(15), request({ url: `/x?timestamp=${NOW_S}&nonce=q` }), { now: NOW })).reason.code, 'replay-fresh');
    assert.equal(one('replay_protection', evaluateSecurityCards(on(15), sent(null, null, '/health'), { now: NOW })).reason.code, 'path-exception');
  });

  it('observation records without ending the evaluation', () => {
    const verdict = one('replay_protection', evaluateSecurityCards(cards({ replay_protection: { action: 'observe' } }), sent(null, null), { now: NOW }));
    assert.deepEqual([verdict.matched, verdict.action, verdict.stops], [true, 'observe', false]);
  });
});

describe('bot management (rules §2 bot; rules §6 bot analytics gate is the page\'s, not the matcher\'s)', () => {
  it('real crawler User-Agents fall in their category and get its action', () => {
    assert.deepEqual(classifyUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'), { kind: 'known', category: 'search_engine', name: 'googlebot' });
    assert.equal((classifyUserAgent('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)') as { category: string }).category, 'ai_crawler');
    assert.equal((classifyUserAgent('facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)') as { category: string }).category, 'social_media');
    assert.equal((classifyUserAgent('Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)') as { category: string }).category, 'monitoring');
    assert.equal(classifyUserAgent('curl/8.5.0').kind, 'unknown');
    assert.equal(classifyUserAgent(undefined).kind, 'unknown');
    assert.equal(classifyUserAgent('Mozilla/5.0 (Macintosh) Safari/605.1.15').kind, 'browser');
    const value = { known_bots: { ...allSecurityCardDefaults().bot_management.known_bots, ai_crawler: 'block' as const }, unknown_bot_action: 'captcha' as const };
    const ua = (agent: string) => one('bot_management', evaluateSecurityCards(cards({ bot_management: value }), request({ headers: [{ name: 'User-Agent', value: agent }] }), { now: NOW }));
    assert.equal(ua('GPTBot/1.2').action, 'block');
    assert.equal(ua('Googlebot/2.1').action, 'allow');
    assert.equal(ua('Googlebot/2.1').stops, false);
    assert.deepEqual([ua('python-requests/2.31').action, ua('python-requests/2.31').stops], ['captcha', true]);
    assert.equal(ua('Mozilla/5.0 Chrome/130').reason.code, 'bot-browser');
  });
});

describe('cards one request cannot decide', () => {
  it('rate-based cards say so with their thresholds and never block', () => {
    const verdicts = evaluateSecurityCards(
      cards({ application_ddos_protection: { mode: 'ban', level: 'strict', ban_seconds: 900 }, ip_behavior_analysis: { mode: 'block' }, intelligent_protection: { level: 'captcha' } }),
      request({ ip_rate: 100_000 }),
      { now: NOW },
    );
    const ddos = one('application_ddos_protection', verdicts);
    assert.deepEqual(ddos, { card: 'application_ddos_protection', enabled: true, matched: false, decided: false, action: 'none', stops: false, reason: { code: 'rate-based', values: { ...RATE_THRESHOLDS.application_ddos_protection.strict, level: 'strict', mode: 'ban', ban_seconds: 900 } } });
    assert.equal(one('ip_behavior_analysis', verdicts).reason.values?.requests, RATE_THRESHOLDS.ip_behavior_analysis.normal.requests);
    assert.equal(one('intelligent_protection', verdicts).reason.values?.mode, 'captcha');
    assert.ok(verdicts.every((entry) => !entry.stops));
  });

  it('cloud WAF points at the trace\'s WAF step; webshell detection needs the body', () => {
    const verdicts = evaluateSecurityCards(cards({ cloud_waf: {}, webshell_detection: { mode: 'block' } }), request(), { now: NOW });
    assert.deepEqual([one('cloud_waf', verdicts).reason.code, one('cloud_waf', verdicts).action], ['see-waf-step', 'none']);
    assert.deepEqual([one('webshell_detection', verdicts).reason.code, one('webshell_detection', verdicts).decided], ['needs-body', false]);
  });
});
