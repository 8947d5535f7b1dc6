import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  charLength,
  containsChinese,
  isBlank,
  numberOrZero,
  parseInteger,
  utf8ByteLength,
  validateIntegerRange,
  validateLength,
  validateRequired,
} from '../../../core/rules/common.js';
import { DOMAIN_MAX_LENGTH, isDomain, isWildcardDomain, normalizeDomain, validateDomain } from '../../../core/rules/domain.js';
import { isHttpUrl, parseHttpUrl, validateHttpUrl } from '../../../core/rules/url.js';
import * as limits from '../../../core/rules/service-limits.js';
import { firstIssue, onField } from '../../../core/rules/types.js';

describe('rules §8 shared messages and counting', () => {
  it('"Please fill in": blank means empty or whitespace only, including the ideographic space', () => {
    for (const blank of [null, undefined, '', ' \t\r\n', '\u3000', '\u00a0']) assert.equal(isBlank(blank), true);
    assert.equal(isBlank(' a '), false);
    assert.deepEqual(validateRequired(''), { key: 'common.required' });
    assert.equal(validateRequired('x'), null);
  });
  it('characters count as users count them; bytes as UTF-8; both agree with the platform', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 30 }), (text) => {
        assert.equal(charLength(text), [...text].length);
        assert.equal(utf8ByteLength(text), Buffer.byteLength(text, 'utf8'));
      }),
    );
    assert.equal(charLength('😀中'), 2);
    assert.equal(utf8ByteLength('😀中a'), 8);
  });
  it('length rules: at most max (with "at most" wording when min is 0 or 1), min-max otherwise', () => {
    assert.deepEqual(validateLength('abcdef', { min: 1, max: 5 }), { key: 'common.too-long', values: { max: 5 } });
    assert.deepEqual(validateLength('ab', { min: 4, max: 5 }), { key: 'common.length-range', values: { min: 4, max: 5 } });
    assert.equal(validateLength('  abcd  ', { min: 4, max: 4 }), null, 'trimmed first');
  });
  it('integers: digits only, no decimals or exponents; ranges inclusive', () => {
    assert.equal(parseInteger(' 42 '), 42);
    assert.equal(parseInteger('-3'), -3);
    for (const bad of ['', '-', '1.0', '1e3', '0x10', '12a', null, undefined, 1.5, Number.NaN]) assert.equal(parseInteger(bad as string), null, String(bad));
    assert.equal(validateIntegerRange(1, { min: 1, max: 2 }), null);
    assert.deepEqual(validateIntegerRange(3, { min: 1, max: 2 }), { key: 'common.integer-range', values: { min: 1, max: 2 } });
  });
  it('shell §5: the number formatter yields 0 for non-numeric input', () => {
    assert.equal(numberOrZero('12.5'), 12.5);
    assert.equal(numberOrZero('abc'), 0);
    assert.equal(numberOrZero(''), 0);
    assert.equal(numberOrZero(null), 0);
    assert.equal(numberOrZero(Number.POSITIVE_INFINITY), 0);
    assert.equal(numberOrZero(7), 7);
  });
  it('rules §5: Chinese detection covers ideographs, extensions, CJK punctuation and full-width forms', () => {
    for (const text of ['中', '\u3400', '\u{20000}', '。', '，', 'Ａ']) assert.equal(containsChinese(text), true, text);
    for (const text of ['abc', 'café', 'русский', '😀']) assert.equal(containsChinese(text), false, text);
  });
  it('form helpers: onField adds the field, firstIssue keeps the first', () => {
    assert.deepEqual(onField('name', null), []);
    assert.deepEqual(onField('name', { key: 'common.required' }), [{ field: 'name', key: 'common.required' }]);
    assert.deepEqual(firstIssue(() => null, () => ({ key: 'a' }), () => ({ key: 'b' })), { key: 'a' });
  });
});

describe('rules §5 / §9: domain syntax ("Domain format error", length 255)', () => {
  it('accepts host names of two or more labels, punycode included, case-insensitive', () => {
    for (const ok of ['example.com', 'a.b.c.example.co.uk', 'EXAMPLE.COM', 'xn--fiqs8s.xn--fiqs8s', 'a-b.c1', '1.example.com']) assert.equal(isDomain(ok), true, ok);
  });
  it('refuses bad labels, IP addresses, single labels, spaces and non-ASCII', () => {
    for (const bad of ['', 'com', '-a.com', 'a-.com', 'a..com', '.a.com', 'a.com.', 'a_b.com', '1.2.3.4', 'a.1com', 'a.c', 'a b.com', '例子.中国', `${'a'.repeat(64)}.com`, '*.a.com']) {
      assert.equal(isDomain(bad), false, bad);
    }
  });
  it('options: wildcard, underscore and trailing dot', () => {
    assert.equal(isDomain('*.a.com', { wildcard: true }), true);
    assert.equal(isDomain('*.com', { wildcard: true }), false);
    assert.equal(isDomain('a.*.com', { wildcard: true }), false);
    assert.equal(isDomain('_dmarc.a.com', { underscore: true }), true);
    assert.equal(isDomain('a.com_', { underscore: true }), false);
    assert.equal(isDomain('a.com.', { trailingDot: true }), true);
    assert.equal(isWildcardDomain('*.a.com'), true);
    assert.equal(isWildcardDomain('a.com'), false);
    assert.equal(normalizeDomain(' WWW.A.com. '), 'www.a.com');
  });
  it('the domain rule: required, length 255, wildcard message, format', () => {
    assert.equal(DOMAIN_MAX_LENGTH, 255);
    assert.deepEqual(validateDomain(''), { key: 'domain.required' });
    assert.deepEqual(validateDomain(`${'a.'.repeat(128)}com`), { key: 'domain.too-long', values: { max: 255 } });
    assert.deepEqual(validateDomain('*.a.com'), { key: 'domain.wildcard-not-allowed' });
    assert.equal(validateDomain('*.a.com', { wildcard: true }), null);
    assert.deepEqual(validateDomain('a'), { key: 'domain.format-error' });
  });
  it('never throws on arbitrary strings', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (text) => void validateDomain(text, { wildcard: true, underscore: true, trailingDot: true })), { numRuns: 3000 });
  });
});

describe('rules §5 / §8: URLs ("Please enter a valid URL", begins with http or https)', () => {
  it('parses scheme, host, port and the rest', () => {
    assert.deepEqual(parseHttpUrl('HTTPS://Example.com:8443/a?b#c'), { scheme: 'https', host: 'example.com', port: 8443, rest: '/a?b#c' });
    assert.deepEqual(parseHttpUrl('http://[2001:db8::1]/x'), { scheme: 'http', host: '2001:db8::1', port: null, rest: '/x' });
    assert.deepEqual(parseHttpUrl('http://1.2.3.4'), { scheme: 'http', host: '1.2.3.4', port: null, rest: '' });
    assert.equal(isHttpUrl('https://example.com/图片.png'), true);
  });
  it('refuses other schemes, bad hosts and ports, user info, whitespace', () => {
    for (const bad of ['ftp://a.com', 'a.com', 'http://', 'http://a', 'http://a.com:0', 'http://a.com:65536', 'http://a.com:08', 'http://user@a.com', 'http://a.com/a b', 'http://[1.2.3.4]/', 'http://*.a.com/', 'http://a.com:/']) {
      assert.equal(isHttpUrl(bad), false, bad);
    }
    assert.deepEqual(validateHttpUrl(''), { key: 'common.required' });
    assert.deepEqual(validateHttpUrl('ftp://a.com'), { key: 'url.scheme' });
    assert.deepEqual(validateHttpUrl('http://a'), { key: 'url.invalid' });
    assert.equal(validateHttpUrl(' https://a.com '), null);
  });
});

describe('rules §9: constants no rule checks', () => {
  it('business package, HSTS, auto refresh, date ranges, email languages, chart throttle', () => {
    assert.equal(limits.BUSINESSES_PER_INCREASE_PACKAGE, 10);
    assert.equal(limits.HSTS_PERSISTENCE_DAYS, 30);
    assert.deepEqual(limits.AUTO_REFRESH_OPTIONS_SECONDS, [30, 60, 300, 600, 900]);
    assert.equal(limits.DATE_RANGE_PRESETS.length, 7);
    assert.deepEqual(limits.EMAIL_NOTIFICATION_LANGUAGES, ['en_US', 'zh_CN']);
    assert.equal(limits.CHART_RESIZE_THROTTLE_MS, 500);
  });
  it('device reputation: premium over 48 hours and 50 launches, normal over 8 hours and 20 launches, risk below', () => {
    assert.equal(limits.deviceReputation(49, 51), 'premium');
    assert.equal(limits.deviceReputation(48, 51), 'normal');
    assert.equal(limits.deviceReputation(9, 21), 'normal');
    assert.equal(limits.deviceReputation(8, 21), 'risk');
    assert.equal(limits.deviceReputation(100, 20), 'risk');
  });
});
