/** The forwarding status tags (rules §4 texts), shared by the rule list and the rule console. */
import { useMemo } from 'react';
import { FORWARDING_STATUSES, type ForwardingStatus } from '../../core/api/endpoints/layer4.js';
import { useT } from '../../core/ui/element-context.js';
import type { StatusColor, StatusSetting } from '../../core/ui/parts/status-tag.js';

const COLORS: Record<ForwardingStatus, StatusColor> = { normal: 'success', 'key-unrecognized': 'warning', 'not-configured': 'neutral', 'origin-failure': 'danger' };

/** The status settings of the forwarding status column, translated (namespace `layer4`). */
export function useForwardingStatuses(): StatusSetting[] {
  const t = useT('layer4');
  return useMemo(() => FORWARDING_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`), color: COLORS[status] })), [t]);
}
