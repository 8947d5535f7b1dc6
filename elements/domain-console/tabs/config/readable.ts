/**
 * A setting's value as a reader sees it in the configuration view: switches as On/Off, lists by their size, cache
 * rules by their names, other fields as `name: value` pairs. It is a summary, not an editor; each tab shows the
 * group in full.
 */
import type { DomainSettingsGroup } from '../../../../core/api/endpoints/domain-settings.js';

type Translate = (key: string, values?: Record<string, unknown>) => string;

const MAX_PARTS = 8;

function scalar(value: unknown, t: Translate): string {
  if (value === null || value === undefined || value === '') return t('config.view.value.none');
  if (value === 'on' || value === 'off') return t(`config.view.value.${value}`);
  if (typeof value === 'boolean') return t(value ? 'config.view.value.yes' : 'config.view.value.no');
  return String(value);
}

function part(value: unknown, t: Translate): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return t('config.view.value.none');
    return value.every((item) => item === null || typeof item !== 'object') ? value.map((item) => scalar(item, t)).join(', ') : t('config.view.value.entries', { count: value.length });
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length === 0 ? t('config.view.value.none') : entries.map(([key, inner]) => `${key}: ${part(inner, t)}`).join('; ');
  }
  return scalar(value, t);
}

/** The catalogue key of a group's name (catalogue keys are kebab-case; group names are the API's). */
export function groupLabelKey(group: DomainSettingsGroup): string {
  return `config.group.${group.toLowerCase().replace(/_/g, '-')}`;
}

/** The readable summary of a group's value. */
export function readableValue(group: DomainSettingsGroup, value: unknown, t: Translate): string {
  if (group === 'cdn_advance_cache' && Array.isArray(value)) {
    const names = value.map((rule) => String((rule as { name?: unknown }).name ?? ''));
    return names.length === 0
      ? t('config.view.value.no-rules')
      : t('config.view.value.rules', { count: names.length, names: names.slice(0, MAX_PARTS).join(', ') + (names.length > MAX_PARTS ? '…' : '') });
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    // A switch group reads as its switch.
    if (entries.length === 1 && entries[0]![0] === 'status') return scalar(entries[0]![1], t);
    if (entries.length === 0) return t('config.view.value.none');
    const shown = entries.slice(0, MAX_PARTS).map(([key, inner]) => `${key}: ${part(inner, t)}`);
    return shown.join('; ') + (entries.length > MAX_PARTS ? '…' : '');
  }
  return part(value, t);
}
