import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  formatBits,
  formatBytes,
  formatDuration,
  formatLargeNumber,
  formatLogTime,
  formatPercent,
  toNumber,
} from '../../../core/i18n/format.js';
import { loadCatalogues } from '../../../core/i18n/i18n.js';

// The catalogues load on demand in the browser; these tests read them directly.
for (const language of ['zh_CN', 'en_US'] as const) await loadCatalogues(language, ['common']);

describe('shell §9 units: bytes and bits in base 1000 with 2 decimals', () => {
  it('bytes B..TB', () => {
    assert.equal(formatBytes(0, 'en_US'), '0.00 B');
    assert.equal(formatBytes(999, 'en_US'), '999.00 B');
    assert.equal(formatBytes(1000, 'en_US'), '1.00 KB');
    assert.equal(formatBytes(1_500_000, 'en_US'), '1.50 MB');
    assert.equal(formatBytes(2_345_000_000, 'en_US'), '2.35 GB');
    assert.equal(formatBytes(7e12, 'en_US'), '7.00 TB');
    assert.equal(formatBytes(7e15, 'en_US'), '7000.00 TB', 'TB is the largest unit');
  });
  it('bits bps..Tbps', () => {
    assert.equal(formatBits(512, 'en_US'), '512.00 bps');
    assert.equal(formatBits(1000, 'en_US'), '1.00 Kbps');
    assert.equal(formatBits(3.2e9, 'en_US'), '3.20 Gbps');
    assert.equal(formatBits(1e12, 'zh_CN'), '1.00 Tbps');
  });
});

describe('shell §9 large numbers: units at 1e4 and 1e8', () => {
  it('Chinese uses 万 and 亿', () => {
    assert.equal(formatLargeNumber(9999, 'zh_CN'), '9,999');
    assert.equal(formatLargeNumber(10_000, 'zh_CN'), '1万');
    assert.equal(formatLargeNumber(123_456, 'zh_CN'), '12.35万');
    assert.equal(formatLargeNumber(100_000_000, 'zh_CN'), '1亿');
    assert.equal(formatLargeNumber(250_000_000, 'zh_CN'), '2.5亿');
  });
  it('English switches at the same thresholds to K and M, keeping the value exact', () => {
    assert.equal(formatLargeNumber(9999, 'en_US'), '9,999');
    assert.equal(formatLargeNumber(10_000, 'en_US'), '10K');
    assert.equal(formatLargeNumber(123_456, 'en_US'), '123.46K');
    assert.equal(formatLargeNumber(100_000_000, 'en_US'), '100M');
  });
});

describe('shell §9 percentages with 2 decimals', () => {
  it('formats ratios', () => {
    assert.equal(formatPercent(0.1234, 'en_US'), '12.34%');
    assert.equal(formatPercent(1, 'en_US'), '100.00%');
    assert.equal(formatPercent('x', 'en_US'), '0.00%');
  });
});

describe('shell §9 durations in hours, minutes, seconds', () => {
  it('leaves out empty parts', () => {
    assert.equal(formatDuration(0, 'en_US'), '0 s');
    assert.equal(formatDuration(59, 'en_US'), '59 s');
    assert.equal(formatDuration(3600, 'en_US'), '1 h');
    assert.equal(formatDuration(3725, 'en_US'), '1 h 2 min 5 s');
    assert.equal(formatDuration(3725, 'zh_CN'), '1小时2分钟5秒');
  });
});

describe('shell §9 log times in UTC+8', () => {
  it('shows a UTC instant as Beijing time whatever the viewer zone', () => {
    assert.equal(formatLogTime('2026-01-01T00:00:00Z'), '2026-01-01 08:00:00');
    assert.equal(formatLogTime(Date.UTC(2026, 11, 31, 20, 30, 15)), '2027-01-01 04:30:15');
    assert.equal(formatLogTime('1767225600000'), '2026-01-01 08:00:00');
    assert.equal(formatLogTime('not a date'), '');
    assert.equal(formatLogTime(null), '');
  });
});

describe('shell §5 number formatter: non-numeric input yields 0', () => {
  it('converts', () => {
    assert.equal(toNumber('12.5'), 12.5);
    assert.equal(toNumber('abc'), 0);
    assert.equal(toNumber(''), 0);
    assert.equal(toNumber(null), 0);
    assert.equal(toNumber(undefined), 0);
    assert.equal(toNumber(Number.NaN), 0);
    assert.equal(toNumber(Number.POSITIVE_INFINITY), 0);
    assert.equal(toNumber({}), 0);
    assert.equal(formatBytes('garbage', 'en_US'), '0.00 B');
  });
});

describe('element lang attribute: console codes and BCP 47 tags', () => {
  it('accepts zh_CN, zh-CN, en-us and rejects others', async () => {
    const { asLanguage } = await import('../../../core/i18n/language.js');
    assert.equal(asLanguage('zh_CN'), 'zh_CN');
    assert.equal(asLanguage('zh-CN'), 'zh_CN');
    assert.equal(asLanguage('en-us'), 'en_US');
    assert.equal(asLanguage('fr-FR'), undefined);
    assert.equal(asLanguage(undefined), undefined);
  });
});
