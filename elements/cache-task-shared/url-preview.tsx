/**
 * The per-row preview of a purge or prefetch (rules §5): each line with the URL that will be sent for it, or why it
 * is refused or ignored as a repeat. Only one page of rows is rendered.
 */
import { useId, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../core/config/constants.js';
import { formatCount } from '../../core/i18n/format.js';
import type { CacheTaskPreview } from '../../core/rules/cache-tasks.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { Pager } from '../../core/ui/parts/pager.js';
import { StatusTag, type StatusSetting } from '../../core/ui/parts/status-tag.js';

/** Props of {@link UrlPreview}. */
export interface UrlPreviewProps {
  preview: CacheTaskPreview;
}

/** Counts, then a page of rows: line, entry, what is sent, result, reason. */
export function UrlPreview({ preview }: UrlPreviewProps) {
  const { language } = useElement();
  const t = useT('cache-tasks');
  const tRules = useT('rules');
  const [page, setPage] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const captionId = useId();

  const settings: StatusSetting[] = [
    { value: 'valid', label: t('preview.status.valid'), color: 'success' },
    { value: 'invalid', label: t('preview.status.invalid'), color: 'danger' },
    { value: 'duplicate', label: t('preview.status.duplicate'), color: 'warning' },
  ];
  const first = (page.page - 1) * page.pageSize;
  const shown = preview.lines.slice(first, first + page.pageSize);
  const { summary } = preview;

  return (
    <section className="ec-stack" part="preview" aria-labelledby={captionId}>
      <p className="ec-muted" role="status" data-preview-summary="">
        {t('preview.summary', {
          valid: formatCount(summary.valid, language),
          invalid: formatCount(summary.invalid, language),
          duplicate: formatCount(summary.duplicate, language),
        })}
      </p>
      <table className="ec-preview-table" part="preview-table">
        <caption id={captionId} className="ec-visually-hidden">
          {t('preview.label')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('preview.line')}</th>
            <th scope="col">{t('preview.entry')}</th>
            <th scope="col">{t('preview.sent')}</th>
            <th scope="col">{t('preview.result')}</th>
            <th scope="col">{t('preview.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((line) => (
            <tr key={line.line} data-status={line.status}>
              <td>{formatCount(line.line, language)}</td>
              <td className="ec-preview-entry">{line.text}</td>
              <td className="ec-preview-entry">{line.status === 'valid' ? line.sent : ''}</td>
              <td>
                <StatusTag settings={settings} value={line.status} />
              </td>
              <td>{line.status === 'duplicate' ? t('preview.ignored') : line.issue ? tRules(line.issue.key, line.issue.values ?? {}) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page.page} pageSize={page.pageSize} total={preview.lines.length} onChange={setPage} />
    </section>
  );
}
