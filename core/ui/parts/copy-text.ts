/**
 * Copying a value the user pastes elsewhere (a CNAME into their DNS, a Request-Id into a support ticket): the
 * clipboard write and its notices live here once. The clipboard can refuse (no permission, a page that is not a
 * secure context), so a failure tells the user to copy by hand rather than failing in silence. Apart from the
 * button (copy-button.tsx), so a table with its own lean markup copies without loading PrimeReact's tooltip.
 */
import { publishNotice } from '../../api/notices.js';
import type { Language } from '../../i18n/language.js';

/** A catalogue text for a notice. */
export interface NoticeText {
  namespace: string;
  key: string;
}

/** Said when the clipboard refuses, unless the caller has something more precise. */
const COPY_FAILED: NoticeText = { namespace: 'common', key: 'api.copy-failed' };

/** Writes `text` to the clipboard and tells the user how it went; answers whether it worked. */
export async function copyText(text: string, options: { language?: Language; failed?: NoticeText } = {}): Promise<boolean> {
  const { language, failed = COPY_FAILED } = options;
  try {
    await navigator.clipboard.writeText(text);
    publishNotice({ severity: 'success', namespace: 'common', key: 'api.copy-success', language });
    return true;
  } catch {
    publishNotice({ severity: 'warn', ...failed, language });
    return false;
  }
}
