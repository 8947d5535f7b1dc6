/**
 * The detail drawer of one log line: every field of its type in catalogue order (core/logs/fields.ts), the request ID
 * with a copy button, and for each value a "search lines with this value" action that adds `field = value` to the
 * advanced search and searches. PrimeReact's Sidebar renders inside the element's shadow root (`appendTo: 'self'`).
 */
import { Button } from 'primereact/button';
import { Sidebar } from 'primereact/sidebar';
import type { LogLine } from '../../../core/api/endpoints/logs.js';
import { formatLogTime } from '../../../core/i18n/format.js';
import { labelOf } from '../../../core/i18n/i18n.js';
import { LOG_FIELD_LABEL_KEYS } from '../../../core/logs/field-labels.js';
import { logFieldsOf, type LogType } from '../../../core/logs/fields.js';
import type { LogFieldName } from '../../../core/logs/predicate.js';
import { useT } from '../../../core/ui/element-context.js';
import { CopyButton } from '../../../core/ui/parts/copy-button.js';
import { ACTION_KEYS } from '../labels.js';

/** Props of {@link LineDrawer}. */
export interface LineDrawerProps {
  logType: LogType;
  line: LogLine | null;
  onHide: () => void;
  /** Adds `field = value` to the expression and searches. */
  onSearchValue: (field: string, value: string | number) => void;
}

/** The drawer; `part="detail"`. */
export function LineDrawer({ logType, line, onHide, onSearchValue }: LineDrawerProps) {
  const t = useT();
  const tFields = useT('log-fields');
  const fields = logFieldsOf(logType);

  const shown = (name: string, value: unknown): string => {
    if (name === 'ts') return formatLogTime(value as string);
    if (name === 'action' && typeof value === 'string' && value) return labelOf(t, ACTION_KEYS, value);
    return value === undefined || value === null ? '' : String(value);
  };

  return (
    <Sidebar
      visible={line !== null}
      position="right"
      onHide={onHide}
      className="ec-log-drawer"
      aria-label={t('detail.title')}
      header={<h2 className="ec-log-drawer-title">{t('detail.title')}</h2>}
      pt={{ root: { part: 'detail' } as never, closeButton: { 'aria-label': t('action.close') } as never }}
    >
      {line && (
        <dl className="ec-log-fields">
          {fields.map((spec) => {
            const name = spec.name as LogFieldName;
            const raw = line[name as keyof LogLine];
            const text = shown(name, raw);
            // The time is shown in UTC+8 (rules §9 "Log time"): its label says so, as the table's column does.
            const label = name === 'ts' ? t('column.time') : tFields(LOG_FIELD_LABEL_KEYS[name]);
            // An instant matches no other line; a rule id of 0 means "none": searching by either finds nothing useful.
            const searchable = name !== 'ts' && text !== '' && !(name.startsWith('rule') && raw === 0);
            return (
              <div key={name} className="ec-log-field" data-field={name}>
                <dt>{label}</dt>
                <dd>
                  <code className="ec-log-value">{text || t('detail.none')}</code>
                  {name === 'request_id' && text && <CopyButton text={text} label={t('detail.copy-request-id')} />}
                  {searchable && (
                    <Button
                      type="button"
                      text
                      icon="pi pi-search-plus"
                      className="ec-log-search-value"
                      label={t('detail.search-value-short')}
                      aria-label={t('detail.search-value', { field: label, value: text })}
                      onClick={() => onSearchValue(name, raw as string | number)}
                    />
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </Sidebar>
  );
}
