/**
 * Auto refresh of the dashboard and the reports (rules §9 "Auto refresh options: 30 s, 1, 5, 10, 15 minutes"): reads
 * again every chosen interval while the page is visible (core/ui/use-page-visible.ts); a hidden page stops asking and
 * reads at once when it is shown again, so figures never sit stale in front of the reader.
 */
import { useEffect, useRef } from 'react';
import { AUTO_REFRESH_OPTIONS_SECONDS } from '../../core/rules/service-limits.js';
import { usePageVisible } from '../../core/ui/use-page-visible.js';

/** Off, then the options of rules §9, in seconds. */
export const REFRESH_CHOICES: readonly number[] = [0, ...AUTO_REFRESH_OPTIONS_SECONDS];

/** Calls `reload` every `seconds` (0: never) while the page is visible, and once when it becomes visible again. */
export function useAutoRefresh(seconds: number, reload: () => void): void {
  const visible = usePageVisible();
  const latest = useRef(reload);
  latest.current = reload;
  const wasHidden = useRef(false);
  useEffect(() => {
    if (!visible) {
      wasHidden.current = true;
      return;
    }
    if (seconds <= 0) return;
    if (wasHidden.current) {
      wasHidden.current = false;
      latest.current();
    }
    const timer = setInterval(() => latest.current(), seconds * 1000);
    return () => clearInterval(timer);
  }, [seconds, visible]);
}
