/**
 * The URLs of a cache task (rules §3 "Cache task", §4 results success or fail): position, URL, result and the reason
 * of a failure, one server page at a time.
 */
import type { CacheTaskDetail, CacheTaskUrlRow, CacheUrlReason } from '../../../core/api/endpoints/cache-tasks.js';
import { formatCount } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { Pager, type PageChange } from '../../../core/ui/parts/pager.js';
import { EmptyState } from '../../../core/ui/parts/state-views.js';
import { StatusTag, type StatusSetting } from '../../../core/ui/parts/status-tag.js';

/** Catalogue keys of the edge's failure reasons, written out so a key search finds them. */
const REASON_KEYS: Record<Exclude<CacheUrlReason, ''>, string> = {
  'origin-404': 'reason.origin-404',
  'origin-timeout': 'reason.origin-timeout',
  'edge-timeout': 'reason.edge-timeout',
};

/** Props of {@link UrlTable}. */
export interface UrlTableProps {
  urls: Omit<CacheTaskDetail, 'job'>;
  page: number;
  pageSize: number;
  onPage: (change: PageChange) => void;
}

/** The table of URLs, or the empty state. */
export function UrlTable({ urls, page, pageSize, onPage }: UrlTableProps) {
  const { language } = useElement();
  const t = useT();
  const settings: StatusSetting[] = [
    { value: 'pending', label: t('result.pending'), color: 'neutral' },
    { value: 'success', label: t('result.success'), color: 'success' },
    { value: 'fail', label: t('result.fail'), color: 'danger' },
  ];
  const reason = (row: CacheTaskUrlRow) => (row.reason ? t(REASON_KEYS[row.reason]) : '');

  if (urls.list.length === 0) return <EmptyState message={t('no-urls')} />;
  return (
    <>
      <div className="ec-table-scroll">
        <table className="ec-preview-table" part="table">
          <caption className="ec-visually-hidden">{t('table-label')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('column.position')}</th>
              <th scope="col">{t('column.url')}</th>
              <th scope="col">{t('column.result')}</th>
              <th scope="col">{t('column.reason')}</th>
              <th scope="col">{t('column.objects')}</th>
            </tr>
          </thead>
          <tbody>
            {urls.list.map((row) => (
              <tr key={row.position} data-result={row.result}>
                <td>{formatCount(row.position, language)}</td>
                <td className="ec-preview-entry">{row.url}</td>
                <td>
                  <StatusTag settings={settings} value={row.result} />
                </td>
                <td>{reason(row)}</td>
                <td>{row.result === 'success' ? formatCount(row.objects, language) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} pageSize={pageSize} total={urls.total} onChange={onPage} />
    </>
  );
}
