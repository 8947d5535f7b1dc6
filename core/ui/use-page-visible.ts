/**
 * Whether the page can be seen now (the Page Visibility API). Lists that follow live state (job progress, website
 * statuses) poll only while someone can see them: a hidden tab stops asking, a shown one reads at once and goes on
 * (one hook, rather than each element adding its own `visibilitychange` listener).
 */
import { useEffect, useState } from 'react';

const isVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** True while the page is visible; the component renders again when that changes. */
export function usePageVisible(): boolean {
  const [visible, setVisible] = useState(isVisible);
  useEffect(() => {
    const follow = () => setVisible(isVisible());
    follow();
    document.addEventListener('visibilitychange', follow);
    return () => document.removeEventListener('visibilitychange', follow);
  }, []);
  return visible;
}
