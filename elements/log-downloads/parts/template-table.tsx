/**
 * The download templates (rules §3 "Log template: name, group, log type, download fields, limitations, enabled
 * flag"): search by name or group, filter by log type, create, edit, enable or disable, delete. A template a running
 * task uses cannot be deleted (the server says so). A template the caller may not change (`editable` from the
 * server: a read-only sub-account, or another user's template) shows no write actions.
 */
import { Button } from 'primereact/button';
import { useMemo, useRef } from 'react';
import type { LogTemplate } from '../../../core/api/endpoints/logs.js';
import { formatCount, formatLogTime } from '../../../core/i18n/format.js';
import { LOG_FIELD_LABEL_KEYS, LOG_TYPE_LABEL_KEYS } from '../../../core/logs/field-labels.js';
import type { LogFieldName } from '../../../core/logs/predicate.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import type { FastColumn } from '../../../core/ui/parts/fast-table.js';
import { StatusTag, type StatusSetting } from '../../../core/ui/parts/status-tag.js';
import type { LogDownloadsStore } from '../store.js';
import { ListFrame } from './list-frame.js';

/** Props of {@link TemplateTable}. */
export interface TemplateTableProps {
  list: LogDownloadsStore['templates'];
  onRetry: () => void;
  onCreate: () => void;
  onEdit: (template: LogTemplate) => void;
  onToggle: (template: LogTemplate) => void;
  onDelete: (template: LogTemplate) => void;
}

/** Toolbar, table and pager of the templates. */
export function TemplateTable(props: TemplateTableProps) {
  const { list } = props;
  const { language } = useElement();
  const t = useT();
  const tFields = useT('log-fields');
  const latest = useRef(props);
  latest.current = props;

  const enabledTags = useMemo<StatusSetting[]>(
    () => [
      { value: 'true', label: t('template.enabled'), color: 'success' },
      { value: 'false', label: t('template.disabled'), color: 'neutral' },
    ],
    [t],
  );

  const columns = useMemo((): FastColumn<LogTemplate>[] => {
    const actions = (template: LogTemplate) => {
      const handlers = latest.current;
      if (!template.editable) return <span className="ec-muted ec-small">{t('template.read-only')}</span>;
      return (
        <div className="ec-row ec-row-actions">
          <Button type="button" text size="small" label={t('action.edit')} aria-label={t('template.edit-of', { name: template.name })} onClick={() => handlers.onEdit(template)} aria-haspopup="dialog" />
          <Button
            type="button"
            text
            size="small"
            label={template.enabled ? t('template.disable') : t('template.enable')}
            aria-label={template.enabled ? t('template.disable-of', { name: template.name }) : t('template.enable-of', { name: template.name })}
            onClick={() => handlers.onToggle(template)}
          />
          <ConfirmPopover message={t('template.confirm-delete', { name: template.name })} danger confirmLabel={t('action.delete')} onConfirm={() => handlers.onDelete(template)}>
            {(trigger) => <Button type="button" text size="small" severity="danger" label={t('action.delete')} aria-label={t('template.delete-of', { name: template.name })} {...trigger} />}
          </ConfirmPopover>
        </div>
      );
    };
    return [
      { key: 'name', className: 'ec-col-primary', header: t('column.name'), title: t('column.name'), truncate: (template) => template.name },
      { key: 'group', header: t('column.group'), title: t('column.group'), hideable: true, truncate: (template) => template.group },
      { key: 'type', header: t('column.log-type'), title: t('column.log-type'), hideable: true, cell: (template) => tFields(LOG_TYPE_LABEL_KEYS[template.log_type]) },
      { key: 'fields', header: t('column.fields'), title: t('column.fields'), hideable: true, truncate: (template) => template.fields.map((field) => tFields(LOG_FIELD_LABEL_KEYS[field as LogFieldName] ?? field)).join(t('template.field-separator')) },
      { key: 'limitation', header: t('column.limitation'), title: t('column.limitation'), hideable: true, truncate: (template) => template.limitation || t('template.no-limitation') },
      { key: 'enabled', header: t('column.enabled'), title: t('column.enabled'), cell: (template) => <StatusTag settings={enabledTags} value={String(template.enabled)} /> },
      { key: 'tasks', header: t('column.task-count'), title: t('column.task-count'), hideable: true, cell: (template) => formatCount(template.task_count, language) },
      { key: 'updated', header: t('column.updated-at'), title: t('column.updated-at'), hideable: true, className: 'ec-nowrap', cell: (template) => formatLogTime(template.updated_at) },
      { key: 'actions', className: 'ec-col-actions', header: t('column.actions'), cell: actions },
    ];
  }, [t, tFields, language, enabledTags]);

  return (
    <ListFrame
      list={list}
      columns={columns}
      rowKey={(template) => template.id}
      rowState={(template) => `${template.enabled}:${template.editable}:${template.updated_at}`}
      columnsKey="log-downloads.templates"
      texts={{ search: t('template.search'), create: t('template.create'), table: t('template.table'), empty: t('template.empty'), noMatch: t('template.no-match') }}
      onCreate={props.onCreate}
      onRetry={props.onRetry}
    />
  );
}
