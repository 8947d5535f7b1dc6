/**
 * Auto refresh (shell §9: every 30 s to 15 min, or off) for views that follow live data (log retrieval, the dashboard
 * and reports): reads again every chosen interval while the page is visible (core/ui/use-page-visible.ts); a hidden
 * page stops asking and reads at once when it is shown again, so figures never sit stale in front of the reader. The
 * choice itself is core/ui/parts/auto-refresh.tsx (or a native select where weight matters).
 */
import { useEffect, useRef } from 'react';
import { usePageVisible } from './use-page-visible.js';

/** Calls `refresh` every `seconds` (0: never) while the page is visible, and once when it becomes visible again. */
export function useAutoRefresh(seconds: number, refresh: () => void): void {
  const visible = usePageVisible();
  // The latest callback, so a new closure each render does not restart the timer.
  const latest = useRef(refresh);
  latest.current = refresh;
  const wasHidden = useRef(false);
  useEffect(() => {
    if (!visible) {
      wasHidden.current = true;
      return undefined;
    }
    if (seconds <= 0) return undefined;
    if (wasHidden.current) {
      wasHidden.current = false;
      latest.current();
    }
    const timer = window.setInterval(() => latest.current(), seconds * 1000);
    return () => window.clearInterval(timer);
  }, [seconds, visible]);
}
