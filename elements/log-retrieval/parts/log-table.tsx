/**
 * The lines of `<ec-log-retrieval>`: the newest matching lines (at most 500, rules §9), with how many matched in
 * all, in FastTable (hideable columns, long values cut and shown whole in a tooltip). Each line opens the detail
 * drawer. Times in UTC+8 (rules §9 "Log time").
 */
import { Button } from 'primereact/button';
import { useMemo, useRef } from 'react';
import type { LogLine } from '../../../core/api/endpoints/logs.js';
import { formatCount, formatLogTime } from '../../../core/i18n/format.js';
import { labelOf } from '../../../core/i18n/i18n.js';
import { LOG_FIELD_LABEL_KEYS } from '../../../core/logs/field-labels.js';
import type { LogType } from '../../../core/logs/fields.js';
import type { LogFieldName } from '../../../core/logs/predicate.js';
import { LOG_LIST_MAX } from '../../../core/rules/bans.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { FastTable, type FastColumn } from '../../../core/ui/parts/fast-table.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { ACTION_KEYS } from '../labels.js';
import { typeHas, type Results } from '../store.js';

/** Props of {@link LogTable}. */
export interface LogTableProps {
  logType: LogType;
  results: Results;
  busy: boolean;
  onOpen: (line: LogLine) => void;
  onRetry: () => void;
}

/** The lines, or the state shown instead. */
export function LogTable(props: LogTableProps) {
  const { logType, results, busy, onRetry } = props;
  const t = useT();
  const tCommon = useT('common');
  const tFields = useT('log-fields');
  const { language } = useElement();
  const latest = useRef(props);
  latest.current = props;

  const columns = useMemo((): FastColumn<LogLine>[] => {
    const field = (name: LogFieldName) => tFields(LOG_FIELD_LABEL_KEYS[name]);
    const list: FastColumn<LogLine>[] = [
      { key: 'ts', className: 'ec-col-primary ec-nowrap', header: t('column.time'), cell: (line) => formatLogTime(line.ts) },
      { key: 'domain', header: field('domain'), title: field('domain'), hideable: true, truncate: (line) => line.domain },
      { key: 'client_ip', header: field('client_ip'), title: field('client_ip'), truncate: (line) => line.client_ip },
      { key: 'country', header: field('country'), title: field('country'), hideable: true, cell: (line) => (line.province ? `${line.country} ${line.province}` : line.country) },
      { key: 'method', header: field('method'), title: field('method'), hideable: true, cell: (line) => line.method },
      { key: 'uri', className: 'ec-col-uri', header: field('uri'), title: field('uri'), truncate: (line) => (line.query ? `${line.uri}?${line.query}` : line.uri) },
      { key: 'status', header: field('status'), title: field('status'), cell: (line) => line.status },
    ];
    if (typeHas(logType, 'cache_status')) {
      list.push(
        { key: 'cache_status', header: field('cache_status'), title: field('cache_status'), hideable: true, cell: (line) => line.cache_status },
        { key: 'bytes_sent', header: field('bytes_sent'), title: field('bytes_sent'), hideable: true, cell: (line) => formatCount(line.bytes_sent, language) },
        { key: 'response_ms', header: field('response_ms'), title: field('response_ms'), hideable: true, cell: (line) => formatCount(line.response_ms, language) },
      );
    } else {
      list.push(
        { key: 'rule_id', header: field('rule_id'), title: field('rule_id'), cell: (line) => line.rule_id || '' },
        { key: 'action', header: field('action'), title: field('action'), cell: (line) => (line.action ? labelOf(t, ACTION_KEYS, line.action) : '') },
        { key: 'attack_type', header: field('attack_type'), title: field('attack_type'), hideable: true, cell: (line) => line.attack_type },
      );
    }
    list.push(
      { key: 'user_agent', header: field('user_agent'), title: field('user_agent'), hideable: true, truncate: (line) => line.user_agent },
      {
        key: 'details',
        className: 'ec-col-actions',
        header: t('column.details'),
        cell: (line) => (
          <Button
            type="button"
            text
            className="ec-log-open"
            label={t('open-line')}
            aria-label={t('open-line-of', { time: formatLogTime(line.ts), uri: line.uri })}
            aria-haspopup="dialog"
            onClick={() => latest.current.onOpen(line)}
          />
        ),
      },
    );
    return list;
  }, [t, tFields, logType, language]);

  if (results.status === 'idle') return null;
  if (results.status === 'loading') return <LoadingState message={t('loading')} />;
  if (results.status === 'error') {
    const reason = 'key' in results.message ? tCommon(results.message.key, results.message.values ?? {}) : results.message.text;
    return <ErrorState message={t('load-failed', { reason })} onRetry={onRetry} />;
  }
  if (results.list.length === 0) return <EmptyState message={t('empty')} />;

  return (
    <div className="ec-stack">
      <p className="ec-muted ec-log-total" role="status" part="total">
        {results.total > results.list.length
          ? t('total-capped', { shown: formatCount(results.list.length, language), total: formatCount(results.total, language), max: formatCount(LOG_LIST_MAX, language) })
          : t('total', { count: results.total, total: formatCount(results.total, language) })}
      </p>
      <FastTable
        rows={results.list}
        rowKey={(line) => `${line.request_id}-${line.rule_id}-${line.action}`}
        columns={columns}
        label={t('table-label')}
        busy={busy}
        busyLabel={t('loading')}
        columnsKey={`log-retrieval.${logType}`}
      />
    </div>
  );
}
