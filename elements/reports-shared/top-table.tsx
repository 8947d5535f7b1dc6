/**
 * A top-N table of a report (issue 25: top URLs, referers, user agents, IPs, domains, regions, codes) whose rows open
 * log retrieval on that value and the report's range (drill-down, drill-down.ts): the value is a link, reachable by
 * keyboard, its accessible name saying where it leads. `part="top-table"`. Its texts come from the element's own
 * namespace (`column.*`, `state.no-rows`, `drill.open-logs`): both report elements have them.
 */
import type { ReportTableName, ReportTopRow } from '../../core/api/endpoints/reports.js';
import { formatBytes, formatCount } from '../../core/i18n/format.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { NavLink } from '../../core/ui/parts/nav-link.js';
import { logsView, type DrillDown } from './drill-down.js';

/** Props of {@link TopTable}. */
export interface TopTableProps {
  /** Caption, translated. */
  title: string;
  table: ReportTableName;
  rows: readonly ReportTopRow[];
  /** The log retrieval route, and the drill-down's range and websites. */
  logsRoute: string;
  drill: Omit<DrillDown, 'table' | 'value' | 'domainId'>;
  /** How a key reads (a status class, "(direct)" for an empty referer); the key itself otherwise. */
  keyLabel?: (key: string) => string;
}

/** The table; its empty state is a row saying so. */
export function TopTable({ title, table, rows, logsRoute, drill, keyLabel }: TopTableProps) {
  const { language } = useElement();
  const t = useT();
  return (
    <table className="ec-report-table" part="top-table">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{t('column.rank')}</th>
          <th scope="col">{t('column.key')}</th>
          <th scope="col">{t('column.requests')}</th>
          <th scope="col">{t('column.bytes')}</th>
          <th scope="col">{t('column.visitors')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={5}>{t('state.no-rows')}</td>
          </tr>
        ) : (
          rows.map((row, index) => {
            const text = keyLabel ? keyLabel(row.key) : row.key;
            const query = logsView({ ...drill, table, value: row.key, ...(row.domain_id !== undefined ? { domainId: row.domain_id } : {}) });
            return (
              <tr key={`${row.key}-${index}`}>
                <td>{index + 1}</td>
                <th scope="row" className="ec-report-key">
                  <NavLink route={logsRoute} query={query} aria-label={t('drill.open-logs', { value: text })} part="drill-link">
                    {text}
                  </NavLink>
                </th>
                <td>{formatCount(row.requests, language)}</td>
                <td>{formatBytes(row.bytes, language)}</td>
                <td>{formatCount(row.visitors, language)}</td>
              </tr>
            );
          })
        )}
      </tbody>
    </table>
  );
}
