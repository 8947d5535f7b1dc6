/**
 * A ranking of a security report (rules, URLs, addresses, websites): rank, what, lines, distinct addresses. Each row's
 * name is a link that drills down (issue 25): to log retrieval filtered to that value over the report's range, or for
 * a rule to its detail, as a page (`ec-navigate`) or inside the report. Reports' own dimensions (rules, actions,
 * attack classes) are not traffic report tables, so the traffic reports' TopTable cannot carry them.
 * `part="ranking"`.
 */
import { useId } from 'react';
import { formatCount } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { NavLink, type NavTarget } from '../../../core/ui/parts/nav-link.js';

/** One row: its key (for React), what the first column says, and where it leads. */
export interface RankingRow {
  key: string;
  label: string;
  /** A second line under the label (a rule's set). */
  note?: string;
  events: number;
  attackers: number;
  /** A page, or an action inside the element (a rule's detail where the layout has no page for it). */
  target: NavTarget | (() => void);
  /** Accessible name of the link. */
  linkLabel: string;
}

/** Props of {@link Ranking}. */
export interface RankingProps {
  title: string;
  /** Header of the first column. */
  subject: string;
  rows: readonly RankingRow[];
}

/** The table; its empty state is a row saying so. */
export function Ranking({ title, subject, rows }: RankingProps) {
  const { language } = useElement();
  const t = useT('attack-report');
  const id = useId();
  return (
    <section className="ec-stack ec-attack-section" aria-labelledby={id}>
      <h3 id={id} className="ec-section-title">
        {title}
      </h3>
      <table className="ec-attack-ranking" part="ranking" aria-labelledby={id}>
        <thead>
          <tr>
            <th scope="col">{t('column.rank')}</th>
            <th scope="col">{subject}</th>
            <th scope="col">{t('column.events')}</th>
            <th scope="col">{t('column.attackers')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={4}>{t('state.no-rows')}</td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={row.key}>
                <td>{index + 1}</td>
                <th scope="row">
                  {typeof row.target === 'function' ? (
                    <button type="button" className="ec-link" onClick={row.target} aria-label={row.linkLabel} part="drill-link">
                      {row.label}
                    </button>
                  ) : (
                    <NavLink {...row.target} aria-label={row.linkLabel} part="drill-link">
                      {row.label}
                    </NavLink>
                  )}
                  {row.note && <span className="ec-attack-note">{row.note}</span>}
                </th>
                <td>{formatCount(row.events, language)}</td>
                <td>{formatCount(row.attackers, language)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
