/**
 * The date ranges of rules §9 (15 minutes, 3 hours, today, yesterday, 7 days, 30 days, custom) resolved to
 * instants, shared by the lists filtered by time (operation log, ban records). Log times are shown in UTC+8 (rules §9 "Log time"), so "today", "yesterday" and the custom inputs are
 * read as UTC+8 wall-clock times too: what the user picks matches the times the table shows, in any browser zone.
 */

/** The range presets of rules §9, in menu order. */
export const TIME_RANGE_PRESETS = ['15m', '3h', 'today', 'yesterday', '7d', '30d', 'custom'] as const;

/** A range preset. */
export type TimeRangePreset = (typeof TIME_RANGE_PRESETS)[number];

/** A resolved range, both ends inclusive, in milliseconds since the epoch. */
export interface TimeRange {
  start: number;
  end: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** UTC+8 has no daylight saving, so a fixed offset is exact. */
const LOG_ZONE_OFFSET = 8 * HOUR;

const ROLLING: Partial<Record<TimeRangePreset, number>> = {
  '15m': 15 * MINUTE,
  '3h': 3 * HOUR,
  '7d': 7 * DAY,
  '30d': 30 * DAY,
};

/** Midnight UTC+8 of the day `now` falls in. */
export function startOfLogDay(now: number): number {
  return Math.floor((now + LOG_ZONE_OFFSET) / DAY) * DAY - LOG_ZONE_OFFSET;
}

/** Whether text is a preset name (attribute and stored values are checked before use). */
export function isTimeRangePreset(value: unknown): value is TimeRangePreset {
  return typeof value === 'string' && (TIME_RANGE_PRESETS as readonly string[]).includes(value);
}

/**
 * A `datetime-local` value (`YYYY-MM-DDTHH:mm`, optional `:ss`) read as UTC+8; null when it is not a real date and
 * time (the browser lets some through while typing, e.g. a half-filled year).
 */
export function parseLogWallTime(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number);
  const second = Number(match[6] ?? 0);
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(utc);
  // Date.UTC rolls 31 February over into March; a rolled-over date is not what the user typed.
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  return utc - LOG_ZONE_OFFSET;
}

/** An instant as a `datetime-local` value in UTC+8, the inverse of {@link parseLogWallTime}. */
export function toLogWallTime(at: number): string {
  return new Date(at + LOG_ZONE_OFFSET).toISOString().slice(0, 16);
}

/**
 * Resolves a preset at `now`. Rolling presets end now; "today" runs from UTC+8 midnight to now; "yesterday" is the
 * whole previous UTC+8 day. A custom range needs both ends, in order; otherwise the answer is null.
 */
export function resolveTimeRange(preset: TimeRangePreset, now: number, custom?: { start: string; end: string }): TimeRange | null {
  const rolling = ROLLING[preset];
  if (rolling !== undefined) return { start: now - rolling, end: now };
  if (preset === 'today') return { start: startOfLogDay(now), end: now };
  if (preset === 'yesterday') {
    const today = startOfLogDay(now);
    return { start: today - DAY, end: today - 1 };
  }
  if (!custom) return null;
  const start = parseLogWallTime(custom.start);
  const end = parseLogWallTime(custom.end);
  if (start === null || end === null || start > end) return null;
  // The input has minute precision: the end minute is included whole.
  return { start, end: /T\d{2}:\d{2}$/.test(custom.end.trim()) ? end + MINUTE - 1 : end };
}
