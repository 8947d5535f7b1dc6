/**
 * The status column of shell §2: a coloured tag looked up in a status setting list (shell §3). A value the list does
 * not know shows the translated unknown label (shell §8 "Unknown status value") instead of a raw code.
 */
import { useT } from '../element-context.js';

/** Tag colours; each has an `.ec-status-<color>` rule in element.css with 4.5:1 text contrast. */
export type StatusColor = 'success' | 'info' | 'warning' | 'danger' | 'neutral';

/** One entry of a status setting list (shell §3 "status setting {value, label, color}"). */
export interface StatusSetting {
  /** The value as the API sends it. */
  value: string | number;
  /** Translated text shown in the tag. */
  label: string;
  /** Tag colour. */
  color: StatusColor;
}

/** Props of {@link StatusTag}. */
export interface StatusTagProps {
  /** The status setting list of the column. */
  settings: readonly StatusSetting[];
  /** The value to show; null or undefined counts as unknown. */
  value: string | number | null | undefined;
}

/** Finds the setting for a value; numbers and their string form match ("1" and 1), as API fields vary. */
export function findStatus(settings: readonly StatusSetting[], value: string | number | null | undefined): StatusSetting | undefined {
  if (value === null || value === undefined) return undefined;
  return settings.find((setting) => String(setting.value) === String(value));
}

/** A coloured status tag; `part="status"`. */
export function StatusTag({ settings, value }: StatusTagProps) {
  const t = useT('common');

  const setting = findStatus(settings, value);
  const color: StatusColor = setting?.color ?? 'neutral';
  const label = setting?.label ?? t('state.unknown');

  return (
    <span part="status" className={`ec-status-tag ec-status-${color}`} data-status={setting ? String(setting.value) : undefined}>
      {label}
    </span>
  );
}
