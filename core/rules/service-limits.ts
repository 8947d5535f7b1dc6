/**
 * The constants of rules §9 that no input rule checks but that the console shows or schedules by. The shared
 * wrapper's 30 s operation timeout is `LONG_REQUEST_TIMEOUT_MS` in `core/api/catalogue.ts`, kept once there.
 */

/** Businesses added by each business increase package (rules §9: 10). */
export const BUSINESSES_PER_INCREASE_PACKAGE = 10;
/** HSTS keeps applying in browsers for this long after it is disabled (rules §9: one month), in days. */
export const HSTS_PERSISTENCE_DAYS = 30;
/** Auto refresh options in seconds (rules §9: 30 s, 1, 5, 10, 15 minutes). */
export const AUTO_REFRESH_OPTIONS_SECONDS: readonly number[] = [30, 60, 300, 600, 900];
/** The auto refresh choices a view offers, off (0) first. */
export const AUTO_REFRESH_CHOICES: readonly number[] = [0, ...AUTO_REFRESH_OPTIONS_SECONDS];

/** A stored or typed auto refresh choice, or off when it is not one of the choices. */
export function autoRefreshChoice(seconds: number): number {
  return AUTO_REFRESH_CHOICES.includes(seconds) ? seconds : 0;
}
/** Date range presets (rules §9: 15 minutes, 3 hours, today, yesterday, 7 days, 30 days, custom). */
export const DATE_RANGE_PRESETS = ['15-minutes', '3-hours', 'today', 'yesterday', '7-days', '30-days', 'custom'] as const;
/** Languages of e-mail notifications (rules §9: English, Simplified Chinese). */
export const EMAIL_NOTIFICATION_LANGUAGES: readonly string[] = ['en_US', 'zh_CN'];
/** Charts redraw on resize at most this often (rules §9: 500 ms). */
export const CHART_RESIZE_THROTTLE_MS = 500;
/**
 * Device reputation thresholds (rules §9): premium above 48 hours online and 50 launches, normal above 8 hours and
 * 20 launches, risk below.
 */
export const DEVICE_REPUTATION_THRESHOLDS = {
  premium: { onlineHours: 48, launches: 50 },
  normal: { onlineHours: 8, launches: 20 },
} as const;

/** A device's reputation level (rules §3, §9). */
export type DeviceReputation = 'premium' | 'normal' | 'risk';

/** Classifies a device by its online hours and launches, both strictly above the thresholds (rules §9). */
export function deviceReputation(onlineHours: number, launches: number): DeviceReputation {
  const { premium, normal } = DEVICE_REPUTATION_THRESHOLDS;
  if (onlineHours > premium.onlineHours && launches > premium.launches) return 'premium';
  if (onlineHours > normal.onlineHours && launches > normal.launches) return 'normal';
  return 'risk';
}
