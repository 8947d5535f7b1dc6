/** The status tags of sub-accounts and access keys (rules §4: enabled or disabled). */
import { useMemo } from 'react';
import { useT } from '../../../core/ui/element-context.js';
import type { StatusSetting } from '../../../core/ui/parts/status-tag.js';

/** Enabled in green, disabled in grey, translated. */
export function useStatusSettings(): StatusSetting[] {
  const t = useT('access-management');
  return useMemo(() => [
    { value: 'enabled', label: t('status.enabled'), color: 'success' },
    { value: 'disabled', label: t('status.disabled'), color: 'neutral' },
  ], [t]);
}
