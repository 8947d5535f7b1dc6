import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as bans from '../../../core/rules/bans.js';

const ips = (count: number) => Array.from({ length: count }, (_, i) => `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`).join('\n');

describe('rules §5 Bans, IP lists, purge, prefetch, logs', () => {
  it('rules §5 / §9: batch unlock not empty, IPv4/IPv6/CIDR, at most 2000 typed', () => {
    assert.equal(bans.UNLOCK_TYPED_MAX, 2000);
    assert.equal(bans.validateUnlockEntries(ips(2000), 'typed').issue, null);
    assert.deepEqual(bans.validateUnlockEntries(ips(2001), 'typed').issue, { key: 'bans.unlock-typed-limit', values: { max: 2000, count: 2001 } });
    assert.deepEqual(bans.validateUnlockEntries('', 'typed').issue, { key: 'batch.empty' });
    const mixed = bans.validateUnlockEntries('1.2.3.4\n2001:db8::/32\nexample.com\n1.2.3.4', 'typed');
    assert.deepEqual(mixed.lines.map((line) => line.status), ['valid', 'valid', 'invalid', 'duplicate']);
  });
  it('rules §5 / §9: batch unlock at most 100000 from a txt file; file not empty; txt only', () => {
    assert.equal(bans.UNLOCK_FILE_MAX, 100_000);
    assert.equal(bans.validateUnlockEntries(ips(100_000), 'file').issue, null);
    assert.deepEqual(bans.validateUnlockEntries(ips(100_001), 'file').issue, { key: 'bans.unlock-file-limit', values: { max: 100_000, count: 100_001 } });
    assert.deepEqual(bans.validateUnlockEntries('\n\n', 'file').issue, { key: 'bans.file-empty' });
    assert.equal(bans.validateTxtFile({ name: 'ips.TXT', size: 10 }), null);
    assert.deepEqual(bans.validateTxtFile({ name: 'ips.csv', size: 10 }), { key: 'bans.txt-only' });
    assert.deepEqual(bans.validateTxtFile({ name: 'ips', size: 10 }), { key: 'bans.txt-only' });
    assert.deepEqual(bans.validateTxtFile({ name: 'ips.txt', size: 0 }), { key: 'bans.file-empty' });
  });
  it('rules §5: batch unlock and log download need a domain', () => {
    assert.deepEqual(bans.validateDomainSelected(''), { key: 'bans.domain-required' });
    assert.deepEqual(bans.validateDomainSelected(null), { key: 'bans.domain-required' });
    assert.equal(bans.validateDomainSelected('example.com'), null);
    assert.equal(bans.validateDomainSelected(7), null);
  });
  it('rules §5 / §9: IP list CSV/TXT files of at most 20,000 entries; at most 200,000 per list', () => {
    assert.equal(bans.IP_LIST_MAX, 200_000);
    assert.equal(bans.IP_LIST_FILE_MAX, 20_000);
    assert.equal(bans.validateIpListFile({ name: 'list.csv', size: 5 }), null);
    assert.equal(bans.validateIpListFile({ name: 'list.txt', size: 5 }), null);
    assert.deepEqual(bans.validateIpListFile({ name: 'list.xlsx', size: 5 }), { key: 'bans.ip-list-file-type' });
    assert.equal(bans.validateIpListFileEntries(ips(20_000), 'txt').issue, null);
    assert.deepEqual(bans.validateIpListFileEntries(ips(20_001), 'txt').issue, { key: 'bans.ip-list-file-limit', values: { max: 20_000, count: 20_001 } });
    const csv = bans.validateIpListFileEntries('"1.2.3.4",office\n10.0.0.0/8,lan\nnot-ip,x', 'csv');
    assert.deepEqual(csv.entries, ['1.2.3.4', '10.0.0.0/8']);
    assert.deepEqual(bans.validateIpListFileEntries('', 'csv').issue, { key: 'bans.file-empty' });
    assert.equal(bans.firstCsvCell(' "a" , b'), 'a');
    assert.equal(bans.validateIpListCapacity(199_000, 1000), null);
    assert.deepEqual(bans.validateIpListCapacity(199_000, 1001), { key: 'bans.ip-list-full', values: { max: 200_000, available: 1000 } });
  });
  it('rules §5: purge at most 200 sites or URLs, no wildcard domains, duplicates ignored', () => {
    assert.equal(bans.PURGE_URLS_MAX, 200);
    const urls = (count: number) => Array.from({ length: count }, (_, i) => `https://example.com/p${i}.html`).join('\n');
    assert.equal(bans.validatePurgeEntries(urls(200), 'url').issue, null);
    assert.deepEqual(bans.validatePurgeEntries(urls(201), 'url').issue, { key: 'bans.purge-urls-limit', values: { max: 200, count: 201 } });
    const result = bans.validatePurgeEntries('https://a.com/x\nhttps://a.com/x\nhttps://*.a.com/\nftp://a.com/', 'url');
    assert.equal(result.issue, null, 'duplicates are ignored, not an error');
    assert.deepEqual(result.lines.map((line) => line.status), ['valid', 'duplicate', 'invalid', 'invalid']);
    assert.deepEqual(result.lines[2]!.issue, { key: 'bans.no-wildcard-domain' });
    assert.deepEqual(result.lines[3]!.issue, { key: 'url.incorrect' });
    assert.deepEqual(result.entries, ['https://a.com/x']);
  });
  it('rules §5: purge at most 100 directories, each ending with / and up to 8 levels', () => {
    assert.equal(bans.PURGE_DIRECTORIES_MAX, 100);
    assert.equal(bans.PURGE_DIRECTORY_DEPTH_MAX, 8);
    assert.equal(bans.validatePurgeDirectory('https://a.com/1/2/3/4/5/6/7/8/'), null);
    assert.deepEqual(bans.validatePurgeDirectory('https://a.com/1/2/3/4/5/6/7/8/9/'), { key: 'bans.directory-too-deep', values: { max: 8 } });
    assert.deepEqual(bans.validatePurgeDirectory('https://a.com/dir'), { key: 'bans.directory-end-slash' });
    assert.equal(bans.validatePurgeDirectory('https://a.com'), null);
    assert.equal(bans.directoryDepth('https://a.com/x/y/?q=1'), 2);
    const dirs = (count: number) => Array.from({ length: count }, (_, i) => `https://a.com/d${i}/`).join('\n');
    assert.equal(bans.validatePurgeEntries(dirs(100), 'directory').issue, null);
    assert.deepEqual(bans.validatePurgeEntries(dirs(101), 'directory').issue, { key: 'bans.purge-directories-limit', values: { max: 100, count: 101 } });
  });
  it('rules §5: purge and prefetch 2 per minute', () => {
    assert.equal(bans.PURGE_PER_MINUTE, 2);
    assert.equal(bans.PREFETCH_TASKS_PER_MINUTE, 2);
    const now = 1_000_000;
    assert.equal(bans.validateSubmissionRate([now - 61_000, now - 30_000], now, 2), null);
    assert.deepEqual(bans.validateSubmissionRate([now - 59_000, now - 1000], now, 2), { key: 'bans.rate-limited', values: { max: 2 } });
  });
  it('rules §5: prefetch 200 URLs per task, one txt file at a time up to 2MB (the stricter of 2MB and 5MB)', () => {
    assert.equal(bans.PREFETCH_URLS_MAX, 200);
    assert.equal(bans.PREFETCH_FILE_MAX_BYTES, 2_000_000);
    const urls = (count: number) => Array.from({ length: count }, (_, i) => `https://example.com/${i}.js`).join('\n');
    assert.equal(bans.validatePrefetchEntries(urls(200)).issue, null);
    assert.deepEqual(bans.validatePrefetchEntries(urls(201)).issue, { key: 'bans.prefetch-urls-limit', values: { max: 200, count: 201 } });
    assert.equal(bans.validatePrefetchFiles([{ name: 'u.txt', size: 2_000_000 }]), null);
    assert.deepEqual(bans.validatePrefetchFiles([{ name: 'u.txt', size: 2_000_001 }]), { key: 'bans.file-too-large', values: { max: '2MB' } });
    assert.deepEqual(bans.validatePrefetchFiles([{ name: 'a.txt', size: 1 }, { name: 'b.txt', size: 1 }]), { key: 'bans.one-file-at-a-time' });
    assert.deepEqual(bans.validatePrefetchFiles([]), { key: 'bans.file-required' });
    assert.deepEqual(bans.validatePrefetchFiles([{ name: 'u.doc', size: 1 }]), { key: 'bans.txt-only' });
  });
  it('rules §5: saved query name 4-50 characters', () => {
    assert.deepEqual(bans.SAVED_QUERY_NAME_LENGTH, { min: 4, max: 50 });
    assert.deepEqual(bans.validateSavedQueryName(''), { key: 'common.required' });
    assert.deepEqual(bans.validateSavedQueryName('abc'), { key: 'common.length-range', values: { min: 4, max: 50 } });
    assert.equal(bans.validateSavedQueryName('abcd'), null);
    assert.equal(bans.validateSavedQueryName('q'.repeat(50)), null);
    assert.deepEqual(bans.validateSavedQueryName('q'.repeat(51)), { key: 'common.length-range', values: { min: 4, max: 50 } });
  });
  it('rules §4 / §8 / §9: logs: domain filter 1000, 10 downloads at once, only completed tasks download; retention and delays', () => {
    assert.equal(bans.validateLogDomainFilter(Array.from({ length: 1000 }, () => 'a.com')), null);
    assert.deepEqual(bans.validateLogDomainFilter(Array.from({ length: 1001 }, () => 'a.com')), { key: 'bans.log-domain-filter-limit', values: { max: 1000 } });
    assert.equal(bans.validateLogDownloadSlots(9), null);
    assert.deepEqual(bans.validateLogDownloadSlots(10), { key: 'bans.log-downloads-limit', values: { max: 10 } });
    assert.equal(bans.validateLogTaskDownloadable('complete'), null);
    assert.deepEqual(bans.validateLogTaskDownloadable('in-progress'), { key: 'bans.task-incomplete' });
    assert.deepEqual(
      [bans.LOG_LIST_MAX, bans.LOG_DOWNLOAD_MAX, bans.LOG_DOMAIN_FILTER_MAX, bans.LOG_DOWNLOAD_RETENTION_DAYS, bans.LOG_DOWNLOADS_AT_ONCE, bans.LOG_DOWNLOAD_DELAY_MINUTES, bans.BAN_RECORD_RETENTION_DAYS, bans.BEIJING_UTC_OFFSET_MINUTES],
      [500, 10_000, 1000, 7, 10, 20, 180, 480],
    );
    assert.deepEqual(bans.DETAIL_LIST_MAX, [3000, 10_000]);
  });
});
