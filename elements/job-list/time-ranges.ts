/**
 * The creation-time filter of the task list: the date ranges of rules §9 through core/i18n/time-range.ts (days in
 * UTC+8, as every time the console shows). The "custom" range needs the date-time inputs the log lists have; the task
 * list does not offer it yet.
 */
import { resolveTimeRange, TIME_RANGE_PRESETS, type TimeRangePreset } from '../../core/i18n/time-range.js';

/** A range the task list offers. */
export type TimeRange = Exclude<TimeRangePreset, 'custom'>;
/** The ranges, in menu order. */
export const TIME_RANGES = TIME_RANGE_PRESETS.filter((preset): preset is TimeRange => preset !== 'custom');

/** Catalogue keys of the range names, written out so a key search finds them. */
export const TIME_RANGE_KEYS: Record<TimeRange, string> = {
  '15m': 'range.15m',
  '3h': 'range.3h',
  today: 'range.today',
  yesterday: 'range.yesterday',
  '7d': 'range.7d',
  '30d': 'range.30d',
};

/** Whether a value is a range the list offers. */
export function isTimeRange(value: unknown): value is TimeRange {
  return (TIME_RANGES as readonly unknown[]).includes(value);
}

/** The ISO bounds of a range at `now` as the list call takes them (`to` exclusive). */
export function timeRangeBounds(range: TimeRange, now: number): { from: string; to: string } {
  const resolved = resolveTimeRange(range, now) as { start: number; end: number };
  return { from: new Date(resolved.start).toISOString(), to: new Date(resolved.end + 1).toISOString() };
}
