import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CACHE_TASK_URL_MAX_LENGTH,
  cacheJobType,
  normalizeCacheTaskUrl,
  previewCacheTask,
  validateCacheTaskHost,
  websiteOfHost,
  type CacheTaskReach,
} from '../../../core/rules/cache-tasks.js';

const reach: CacheTaskReach = { websites: ['a.com', 'b.com', '*.wild.com', 'xn--fsqu00a.xn--fiqs8s'], manageable: ['a.com', '*.wild.com', 'xn--fsqu00a.xn--fiqs8s'] };
const urls = (n: number, host = 'a.com') => Array.from({ length: n }, (_, i) => `https://${host}/p/${i}`).join('\n');
const dirs = (n: number) => Array.from({ length: n }, (_, i) => `https://a.com/d${i}/`).join('\n');

describe('rules §5 Purge and Prefetch: cache task entries', () => {
  it('rules §5 Purge: at most 200 sites or URLs; the 201st is refused with the limit message', () => {
    assert.equal(previewCacheTask(urls(200), 'purge-url', reach).issue, null);
    const over = previewCacheTask(urls(201), 'purge-url', reach);
    assert.deepEqual(over.issue, { key: 'bans.purge-urls-limit', values: { max: 200, count: 201 } });
    assert.equal(over.entries.length, 200);
    assert.deepEqual(over.lines[200]!.issue, { key: 'batch.beyond-limit', values: { max: 200 } });
  });

  it('rules §5 Purge: at most 100 directories of at most 8 levels, each ending with /', () => {
    assert.equal(previewCacheTask(dirs(100), 'purge-directory', reach).issue, null);
    assert.deepEqual(previewCacheTask(dirs(101), 'purge-directory', reach).issue, { key: 'bans.purge-directories-limit', values: { max: 100, count: 101 } });
    const eight = previewCacheTask('https://a.com/1/2/3/4/5/6/7/8/\nhttps://a.com/1/2/3/4/5/6/7/8/9/\nhttps://a.com/file.png', 'purge-directory', reach);
    assert.deepEqual(eight.lines.map((line) => line.issue?.key ?? line.status), ['valid', 'bans.directory-too-deep', 'bans.directory-end-slash']);
  });

  it('rules §5 Prefetch: at most 200 URLs per task', () => {
    assert.equal(previewCacheTask(urls(200), 'prefetch', reach).issue, null);
    assert.deepEqual(previewCacheTask(urls(201), 'prefetch', reach).issue, { key: 'bans.prefetch-urls-limit', values: { max: 200, count: 201 } });
  });

  it('rules §5 Purge: no wildcard domains, also when the wildcard website is the caller’s own', () => {
    const found = previewCacheTask('https://*.wild.com/x\nhttp://*.a.com/', 'purge-url', reach);
    assert.deepEqual(found.lines.map((line) => line.issue?.key), ['bans.no-wildcard-domain', 'bans.no-wildcard-domain']);
    assert.deepEqual(found.entries, []);
  });

  it('rules §5 Purge "duplicates ignored": repeats by normalised URL are counted, not sent, and do not fail the batch', () => {
    const result = previewCacheTask(
      ['https://a.com/x', 'HTTPS://A.COM/x', 'https://a.com:443/x#top', 'http://a.com:80/x', 'https://a.com/x?'].join('\n'),
      'purge-url',
      reach,
    );
    assert.equal(result.issue, null);
    assert.deepEqual(result.entries, ['https://a.com/x', 'http://a.com/x']);
    assert.equal(result.summary.duplicate, 3);
    assert.deepEqual(result.lines.map((line) => line.status), ['valid', 'duplicate', 'duplicate', 'valid', 'duplicate']);
  });

  it('rules §6: a URL of a website the caller may not manage, or of no website of the account, is refused per row', () => {
    const result = previewCacheTask('https://b.com/x\nhttps://c.org/x\nhttps://a.com/ok', 'prefetch', reach);
    assert.deepEqual(result.lines.map((line) => line.issue ?? null), [
      { key: 'cache-tasks.not-manageable', values: { host: 'b.com' } },
      { key: 'cache-tasks.no-website', values: { host: 'c.org' } },
      null,
    ]);
    assert.deepEqual(result.entries, ['https://a.com/ok']);
  });

  it('a wildcard website covers its subdomains, not its own apex; the exact website wins', () => {
    assert.equal(websiteOfHost('x.wild.com', reach.websites), '*.wild.com');
    assert.equal(websiteOfHost('a.b.wild.com', reach.websites), '*.wild.com');
    assert.equal(websiteOfHost('wild.com', reach.websites), null);
    assert.equal(websiteOfHost('A.COM', reach.websites), 'a.com');
    assert.equal(validateCacheTaskHost('x.wild.com', reach), null);
  });

  it('hostile input: unicode hosts become punycode, unicode paths are percent-encoded, fragments are dropped', () => {
    assert.deepEqual(normalizeCacheTaskUrl('https://例子.中国/图片/一.png#frag', 'purge-url'), {
      url: 'https://xn--fsqu00a.xn--fiqs8s/%E5%9B%BE%E7%89%87/%E4%B8%80.png',
      host: 'xn--fsqu00a.xn--fiqs8s',
    });
    assert.equal(previewCacheTask('https://例子.中国/a', 'prefetch', reach).entries[0], 'https://xn--fsqu00a.xn--fiqs8s/a');
  });

  it('hostile input: ports are kept unless default, bad ports and user info are refused (rules §8 "The URL is incorrect")', () => {
    assert.deepEqual(normalizeCacheTaskUrl('http://a.com:8080/x', 'purge-url'), { url: 'http://a.com:8080/x', host: 'a.com' });
    assert.deepEqual(normalizeCacheTaskUrl('https://a.com:443/x', 'purge-url'), { url: 'https://a.com/x', host: 'a.com' });
    assert.deepEqual(normalizeCacheTaskUrl('http://a.com:0/x', 'purge-url'), { key: 'url.incorrect' });
    assert.deepEqual(normalizeCacheTaskUrl('http://a.com:65536/x', 'purge-url'), { key: 'url.incorrect' });
    assert.deepEqual(normalizeCacheTaskUrl('http://user@a.com/x', 'purge-url'), { key: 'url.incorrect' });
    assert.deepEqual(normalizeCacheTaskUrl('a.com/x', 'purge-url'), { key: 'cache-tasks.no-scheme' });
    assert.deepEqual(normalizeCacheTaskUrl('javascript:alert(1)', 'purge-url'), { key: 'cache-tasks.no-scheme' });
    assert.deepEqual(normalizeCacheTaskUrl('https://a.com/a b', 'purge-url'), { key: 'url.incorrect' });
  });

  it('hostile input: a very long line is refused quickly with its own message', () => {
    const long = `https://a.com/${'x'.repeat(CACHE_TASK_URL_MAX_LENGTH)}`;
    assert.deepEqual(normalizeCacheTaskUrl(long, 'prefetch'), { key: 'cache-tasks.url-too-long', values: { max: CACHE_TASK_URL_MAX_LENGTH } });
    const huge = `https://a.com/${'y'.repeat(1_000_000)}`;
    const started = performance.now();
    assert.equal(previewCacheTask(huge, 'prefetch', reach).lines[0]!.issue?.key, 'cache-tasks.url-too-long');
    assert.ok(performance.now() - started < 1000);
  });

  it('hostile input: a CRLF file with a byte order mark and trailing blank lines reads as its entries', () => {
    const file = '\uFEFFhttps://a.com/1\r\nhttps://a.com/2\r\n\r\nhttps://a.com/1\r\n\r\n\r\n';
    const result = previewCacheTask(file, 'prefetch', reach);
    assert.deepEqual(result.entries, ['https://a.com/1', 'https://a.com/2']);
    assert.equal(result.summary.duplicate, 1);
    assert.equal(result.summary.blank, 1);
    assert.deepEqual(result.lines.map((line) => line.line), [1, 2, 4]);
  });

  it('rules §3 cache task: purges of URLs and directories are cache.purge jobs, prefetches cache.prefetch', () => {
    assert.equal(cacheJobType('purge-url'), 'cache.purge');
    assert.equal(cacheJobType('purge-directory'), 'cache.purge');
    assert.equal(cacheJobType('prefetch'), 'cache.prefetch');
  });

  it('an empty submission is refused as empty', () => {
    assert.deepEqual(previewCacheTask('\n \r\n', 'purge-url', reach).issue, { key: 'batch.empty' });
  });
});
