import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  parseLogWallTime,
  resolveTimeRange,
  startOfLogDay,
  toLogWallTime,
  TIME_RANGE_PRESETS,
} from '../../../core/i18n/time-range.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// 2026-03-10 01:30 UTC is 09:30 on 10 March in UTC+8.
const NOW = Date.UTC(2026, 2, 10, 1, 30);
// 2026-03-10 20:00 UTC is already 04:00 on 11 March in UTC+8.
const LATE_UTC = Date.UTC(2026, 2, 10, 20, 0);

describe('rules §9 "Date ranges": 15 minutes, 3 hours, today, yesterday, 7 days, 30 days, custom', () => {
  it('offers exactly the presets of rules §9, in order', () => {
    assert.deepEqual([...TIME_RANGE_PRESETS], ['15m', '3h', 'today', 'yesterday', '7d', '30d', 'custom']);
  });

  it('rolling presets end now', () => {
    assert.deepEqual(resolveTimeRange('15m', NOW), { start: NOW - 15 * MINUTE, end: NOW });
    assert.deepEqual(resolveTimeRange('3h', NOW), { start: NOW - 3 * HOUR, end: NOW });
    assert.deepEqual(resolveTimeRange('7d', NOW), { start: NOW - 7 * DAY, end: NOW });
    assert.deepEqual(resolveTimeRange('30d', NOW), { start: NOW - 30 * DAY, end: NOW });
  });

  it('"today" starts at midnight UTC+8 (rules §9 "Log time UTC+8"), not at the browser\'s or UTC midnight', () => {
    assert.deepEqual(resolveTimeRange('today', NOW), { start: Date.UTC(2026, 2, 9, 16, 0), end: NOW });
    assert.equal(startOfLogDay(LATE_UTC), Date.UTC(2026, 2, 10, 16, 0));
  });

  it('"yesterday" is the whole previous UTC+8 day', () => {
    assert.deepEqual(resolveTimeRange('yesterday', NOW), { start: Date.UTC(2026, 2, 8, 16, 0), end: Date.UTC(2026, 2, 9, 16, 0) - 1 });
  });

  it('a custom range reads the inputs as UTC+8 and includes the whole end minute', () => {
    const range = resolveTimeRange('custom', NOW, { start: '2026-03-01T08:00', end: '2026-03-02T09:15' });
    assert.deepEqual(range, { start: Date.UTC(2026, 2, 1, 0, 0), end: Date.UTC(2026, 2, 2, 1, 16) - 1 });
  });

  it('a custom range with a missing, invalid or reversed end is not a range', () => {
    assert.equal(resolveTimeRange('custom', NOW), null);
    assert.equal(resolveTimeRange('custom', NOW, { start: '', end: '2026-03-02T09:15' }), null);
    assert.equal(resolveTimeRange('custom', NOW, { start: '2026-02-31T08:00', end: '2026-03-02T09:15' }), null);
    assert.equal(resolveTimeRange('custom', NOW, { start: '2026-03-03T08:00', end: '2026-03-02T09:15' }), null);
  });

  it('wall times round-trip through UTC+8', () => {
    assert.equal(parseLogWallTime('2026-03-10T09:30'), NOW);
    assert.equal(toLogWallTime(NOW), '2026-03-10T09:30');
    assert.equal(parseLogWallTime('2026-03-10T24:00'), null);
    assert.equal(parseLogWallTime('not a date'), null);
  });
});
