/**
 * The download tasks (rules §3 "Log download task: name, template, domain, log type, time frame, file type, language,
 * status, progress"): state and progress move live from the job stream; a task that has not finished can be
 * canceled, a finished one deleted, and only a completed one whose file is still kept (7 days, rules §9) downloaded
 * (rules §4): the others say why in place of the download button.
 */
import { Button } from 'primereact/button';
import { useMemo, useRef } from 'react';
import type { LogDownloadTask } from '../../../core/api/endpoints/logs.js';
import { FINISHED_JOB_STATES, JOB_STATES } from '../../../core/api/endpoints/platform.js';
import { formatBytes, formatCount, formatLogTime } from '../../../core/i18n/format.js';
import { LOG_TYPE_LABEL_KEYS } from '../../../core/logs/field-labels.js';
import { LOG_DOWNLOAD_RETENTION_DAYS, LOG_DOWNLOADS_AT_ONCE } from '../../../core/rules/bans.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import type { FastColumn } from '../../../core/ui/parts/fast-table.js';
import { StatusTag, type StatusSetting } from '../../../core/ui/parts/status-tag.js';
import type { LogDownloadsStore } from '../store.js';
import { ListFrame } from './list-frame.js';
import { FILE_TYPE_KEYS, LANGUAGE_KEYS, STATE_TAGS } from './labels.js';

/** Props of {@link TaskTable}. */
export interface TaskTableProps {
  list: LogDownloadsStore['tasks'];
  liveStopped: boolean;
  onReconnect: () => void;
  onRetry: () => void;
  onCreate: () => void;
  onCancel: (task: LogDownloadTask) => void;
  onDelete: (task: LogDownloadTask) => void;
  onDownload: (task: LogDownloadTask) => void;
}

const finished = (task: LogDownloadTask) => (FINISHED_JOB_STATES as readonly string[]).includes(task.state);

/** Toolbar, table and pager of the tasks. */
export function TaskTable(props: TaskTableProps) {
  const { list } = props;
  const { language } = useElement();
  const t = useT();
  const tFields = useT('log-fields');
  const latest = useRef(props);
  latest.current = props;

  const stateTags = useMemo<StatusSetting[]>(() => JOB_STATES.map((value) => ({ value, label: t(STATE_TAGS[value].key), color: STATE_TAGS[value].color })), [t]);

  const columns = useMemo((): FastColumn<LogDownloadTask>[] => {
    const status = (task: LogDownloadTask) => (
      <div className="ec-stack ec-task-status">
        <StatusTag settings={stateTags} value={task.state} />
        {!finished(task) && (
          <progress className="ec-progress" max={100} value={task.progress} aria-label={t('task.progress-of', { name: task.params.name, progress: task.progress })} />
        )}
        {task.state === 'failed' && task.reason && <span className="ec-muted ec-small">{t('task.failed-reason', { reason: task.reason })}</span>}
      </div>
    );
    const actions = (task: LogDownloadTask) => {
      const handlers = latest.current;
      return (
        <div className="ec-row ec-row-actions">
          {task.downloadable ? (
            <Button type="button" text size="small" icon="pi pi-download" label={t('task.download')} aria-label={t('task.download-of', { name: task.params.name })} onClick={() => handlers.onDownload(task)} />
          ) : (
            <span className="ec-muted ec-small ec-not-downloadable" tabIndex={0} data-ec-tip={task.state === 'complete' ? t('task.expired', { days: LOG_DOWNLOAD_RETENTION_DAYS }) : t('task.only-completed')}>
              {task.state === 'complete' ? t('task.expired-short') : t('task.not-downloadable')}
            </span>
          )}
          {!finished(task) && (
            <Button type="button" text size="small" label={t('task.cancel')} aria-label={t('task.cancel-of', { name: task.params.name })} onClick={() => handlers.onCancel(task)} />
          )}
          {finished(task) && (
            <ConfirmPopover message={t('task.confirm-delete', { name: task.params.name })} danger confirmLabel={t('action.delete')} onConfirm={() => handlers.onDelete(task)}>
              {(trigger) => <Button type="button" text size="small" severity="danger" label={t('action.delete')} aria-label={t('task.delete-of', { name: task.params.name })} {...trigger} />}
            </ConfirmPopover>
          )}
        </div>
      );
    };
    return [
      { key: 'name', className: 'ec-col-primary', header: t('column.name'), title: t('column.name'), truncate: (task) => task.params.name },
      { key: 'template', header: t('column.template'), title: t('column.template'), hideable: true, truncate: (task) => task.params.template_name },
      {
        key: 'domains',
        header: t('column.domains'),
        title: t('column.domains'),
        hideable: true,
        truncate: (task) => (task.params.domains.length > 1 ? t('task.domains-more', { first: task.params.domains[0], count: task.params.domains.length - 1 }) : (task.params.domains[0] ?? '')),
      },
      { key: 'type', header: t('column.log-type'), title: t('column.log-type'), hideable: true, cell: (task) => tFields(LOG_TYPE_LABEL_KEYS[task.params.log_type]) },
      {
        key: 'range',
        header: t('column.time-frame'),
        title: t('column.time-frame'),
        hideable: true,
        className: 'ec-nowrap',
        cell: (task) => (
          <span className="ec-small">
            {formatLogTime(task.params.from)}
            <br />
            {formatLogTime(task.params.to)}
          </span>
        ),
      },
      {
        key: 'file',
        header: t('column.file'),
        title: t('column.file'),
        hideable: true,
        className: 'ec-nowrap',
        cell: (task) => (
          <span>
            {t('task.file-of', { type: t(FILE_TYPE_KEYS[task.params.file_type]), language: t(LANGUAGE_KEYS[task.params.language]) })}
            {task.result && (
              <>
                <br />
                <span className="ec-muted ec-small">{t('task.result', { rows: formatCount(task.result.rows, language), size: formatBytes(task.result.bytes, language) })}</span>
              </>
            )}
          </span>
        ),
      },
      { key: 'state', header: t('column.status'), title: t('column.status'), cell: status },
      { key: 'created', header: t('column.created-at'), title: t('column.created-at'), hideable: true, className: 'ec-nowrap', cell: (task) => formatLogTime(task.created_at) },
      { key: 'actions', className: 'ec-col-actions', header: t('column.actions'), cell: actions },
    ];
  }, [t, tFields, language, stateTags]);

  return (
    <ListFrame
      list={list}
      columns={columns}
      rowKey={(task) => task.id}
      rowState={(task) => `${task.state}:${task.progress}:${task.downloadable}`}
      columnsKey="log-downloads.tasks"
      texts={{ search: t('task.search'), create: t('task.create'), table: t('task.table'), empty: t('task.empty'), noMatch: t('task.no-match') }}
      onCreate={props.onCreate}
      onRetry={props.onRetry}
    >
      <p className="ec-muted ec-small ec-hint">{t('task.rules', { days: LOG_DOWNLOAD_RETENTION_DAYS, max: LOG_DOWNLOADS_AT_ONCE })}</p>
      {props.liveStopped && (
        <div className="ec-row ec-live-stopped" role="status">
          <span>{t('live.stopped')}</span>
          <Button type="button" text size="small" label={t('live.reconnect')} onClick={props.onReconnect} />
        </div>
      )}
    </ListFrame>
  );
}
