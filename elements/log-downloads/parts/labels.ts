/**
 * Message keys of the values the lists and forms name (task states, file types, header languages), spelled out so
 * every key is a literal the catalogue check can find. Log type names are shared with `<ec-log-retrieval>`
 * (core/logs/field-labels.ts, namespace `log-fields`).
 */
import type { LogFileLanguage, LogFileType } from '../../../core/api/endpoints/logs.js';
import type { JobState } from '../../../core/api/endpoints/platform.js';
import type { StatusColor } from '../../../core/ui/parts/status-tag.js';

export const STATE_TAGS: Record<JobState, { key: string; color: StatusColor }> = {
  not_started: { key: 'state.not-started', color: 'neutral' },
  preparing: { key: 'state.preparing', color: 'info' },
  in_progress: { key: 'state.in-progress', color: 'info' },
  complete: { key: 'state.complete', color: 'success' },
  failed: { key: 'state.failed', color: 'danger' },
  canceled: { key: 'state.canceled', color: 'warning' },
};

export const FILE_TYPE_KEYS: Record<LogFileType, string> = { csv: 'file-type.csv', json: 'file-type.json' };
export const LANGUAGE_KEYS: Record<LogFileLanguage, string> = { zh_CN: 'language.zh-cn', en_US: 'language.en-us' };
