/**
 * What both forms of the auto refresh choice share (./auto-refresh.tsx with PrimeReact's Dropdown, and
 * ./auto-refresh-select.tsx, a native select for first routes): the choices of shell §9 with their words, the props,
 * and the "refresh now" button beside the field. Apart from both so a page using one form never loads the other's
 * code.
 */
import { Button } from 'primereact/button';
import { useMemo, type ReactNode } from 'react';
import { AUTO_REFRESH_CHOICES } from '../../rules/service-limits.js';
import { useT } from '../element-context.js';

/** Catalogue keys (namespace `filters`) of the choices; written out so a key search finds each one. */
const CHOICE_KEYS: Readonly<Record<number, string>> = {
  0: 'auto-refresh.off',
  30: 'auto-refresh.30s',
  60: 'auto-refresh.1m',
  300: 'auto-refresh.5m',
  600: 'auto-refresh.10m',
  900: 'auto-refresh.15m',
};

/** Props of either form of the choice. */
export interface AutoRefreshFieldProps {
  seconds: number;
  onChange: (seconds: number) => void;
  /** Offers a "refresh now" button calling this. */
  onRefresh?: () => void;
  /** A read is under way: the refresh button waits. */
  busy?: boolean;
}

/** The choices, labelled, with the field's label and the refresh button's. */
export function useAutoRefreshChoices() {
  const t = useT('filters');
  const options = useMemo(() => AUTO_REFRESH_CHOICES.map((value) => ({ value, label: t(CHOICE_KEYS[value]!) })), [t]);
  return { label: t('auto-refresh.label'), now: t('auto-refresh.now'), options };
}

/** The field, with the refresh button beside it when asked for (`part="refresh"` around both). */
export function withRefresh(field: ReactNode, now: string, { onRefresh, busy = false }: AutoRefreshFieldProps): ReactNode {
  if (!onRefresh) return field;
  return (
    <div className="ec-auto-refresh" part="refresh">
      {field}
      <Button type="button" icon="pi pi-refresh" label={now} outlined size="small" loading={busy} onClick={onRefresh} />
    </div>
  );
}
