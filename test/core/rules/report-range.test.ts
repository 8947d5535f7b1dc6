import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveTimeRange } from '../../../core/i18n/time-range.js';
import { validateTcpReportRange } from '../../../core/rules/layer4.js';
import { REPORT_RANGE_MAX_MS, validateReportRange } from '../../../core/rules/reports.js';

/**
 * rules §9 date ranges: one report limit (core/rules/reports.ts) for the traffic reports and the TCP reports, the
 * stricter reading (30 days and the custom end's whole minute, not 31 days), each keeping its own message key.
 */
describe('one report range limit (rules §9)', () => {
  const DAY = 86_400_000;
  const now = Date.UTC(2026, 10, 26, 4, 30);

  it('the 30-day preset and a custom range from mid-day to the same minute 30 days later pass both rules', () => {
    const preset = resolveTimeRange('30d', now)!;
    const custom = resolveTimeRange('custom', now, { start: '2026-10-27T12:30', end: '2026-11-26T12:30' })!;
    for (const range of [preset, custom]) {
      assert.deepEqual(validateReportRange(range.start, range.end, '1d'), []);
      assert.deepEqual(validateTcpReportRange(range.start, range.end, 'day'), []);
    }
  });

  it('a millisecond more is refused by both, each with its own key; 31 days never pass', () => {
    const from = now - REPORT_RANGE_MAX_MS - 1;
    assert.deepEqual(validateReportRange(from, now, '1d').map((issue) => issue.key), ['reports.range-too-long']);
    assert.deepEqual(validateTcpReportRange(from, now, 'day').map((issue) => issue.key), ['layer4.report-too-long']);
    assert.equal(validateTcpReportRange(now - 31 * DAY, now, 'day').length, 1);
    assert.equal(validateReportRange(now - 31 * DAY, now, '1d')[0]!.values!.days, 30);
  });
});
