/**
 * Limits of the traffic reports and the dashboard (issue 25; rules §9 "Date ranges: 15 minutes, 3 hours, today,
 * yesterday, 7 days, 30 days, custom", "Log time UTC+8"): the longest range, the finest granularity each range
 * length allows, and the top-N sizes. Shared by the report filters in the browser and the reference server, so the
 * browser never offers what the server refuses.
 */
import type { FieldIssue } from '../api/catalogue.js';

/** Time buckets a report may ask for. */
export const REPORT_GRANULARITIES = ['1m', '5m', '1h', '1d'] as const;
export type ReportGranularity = (typeof REPORT_GRANULARITIES)[number];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Length of each granularity's bucket in ms (days are Beijing days, so their start is offset, not their length). */
export const GRANULARITY_MS: Readonly<Record<ReportGranularity, number>> = { '1m': MINUTE, '5m': 5 * MINUTE, '1h': HOUR, '1d': DAY };

/** The longest range a report covers, in days: the longest preset of rules §9. */
export const REPORT_RANGE_MAX_DAYS = 30;

/**
 * The longest range a report covers, in ms; the one limit of every report (traffic, dashboard, TCP). Two readings of
 * rules §9 exist: "30 days" (the longest preset), or "31 days" (the preset plus the partial day a custom range may
 * start in, which the TCP reports used). We take the stricter: 30 days, plus the one minute a custom range's end
 * input includes whole (it has minute precision, time-range.ts). So the 30-day preset (exactly 30 days, starting
 * mid-day) and a custom range from any minute to the same minute 30 days later both pass; 31 whole days never do.
 */
export const REPORT_RANGE_MAX_MS = REPORT_RANGE_MAX_DAYS * DAY + MINUTE;

/** Whether a range (both ends inclusive, ms) is longer than a report may cover ({@link REPORT_RANGE_MAX_MS}). */
export function reportRangeTooLong(from: number, to: number): boolean {
  return to - from > REPORT_RANGE_MAX_MS;
}

/**
 * The longest range each granularity may cover, so a chart never has more than about 2000 points: minutes for a day,
 * five minutes for a week, hours and days for the whole 30 days.
 */
export const GRANULARITY_RANGE_MAX_MS: Readonly<Record<ReportGranularity, number>> = {
  '1m': DAY,
  '5m': 7 * DAY,
  '1h': REPORT_RANGE_MAX_MS,
  '1d': REPORT_RANGE_MAX_MS,
};

/** Rows of a top-N table by default, and at most. */
export const REPORT_TOP_DEFAULT = 10;
export const REPORT_TOP_MAX = 100;

export function isReportGranularity(value: unknown): value is ReportGranularity {
  return typeof value === 'string' && (REPORT_GRANULARITIES as readonly string[]).includes(value);
}

/** The finest granularity a range (both ends inclusive) allows: what a filter picks when the range changes. */
export function finestGranularity(from: number, to: number): ReportGranularity {
  const length = to - from;
  return REPORT_GRANULARITIES.find((granularity) => length <= GRANULARITY_RANGE_MAX_MS[granularity]) ?? '1d';
}

/** Checks a report's range and granularity; both ends inclusive, ms since the epoch. */
export function validateReportRange(from: number, to: number, granularity: ReportGranularity): FieldIssue[] {
  if (!(from <= to)) return [{ field: 'from', key: 'reports.range-order' }];
  if (reportRangeTooLong(from, to)) return [{ field: 'from', key: 'reports.range-too-long', values: { days: REPORT_RANGE_MAX_DAYS } }];
  if (to - from > GRANULARITY_RANGE_MAX_MS[granularity]) {
    return [{ field: 'granularity', key: 'reports.granularity-too-fine', values: { granularity, days: GRANULARITY_RANGE_MAX_MS[granularity] / DAY } }];
  }
  return [];
}

/** Checks a top-N size. */
export function validateReportTop(top: number): FieldIssue[] {
  return Number.isSafeInteger(top) && top >= 1 && top <= REPORT_TOP_MAX ? [] : [{ field: 'top', key: 'common.integer-range', values: { min: 1, max: REPORT_TOP_MAX } }];
}
