/**
 * The figures a report or the dashboard leads with (issue 25: "the numbers first"): each a label and a value formatted
 * by core's one formatter (units base 1000, 万/亿, percent with 2 decimals: rules §9), optionally a link to the report
 * that explains it (via `ec-navigate`). `part="figures"`.
 */
import type { ValueFormat } from '../../core/ui/parts/chart-data.js';
import { formatValue } from '../../core/ui/parts/chart-data.js';
import { formatLogTime } from '../../core/i18n/format.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { NavLink, type NavTarget } from '../../core/ui/parts/nav-link.js';

/** One figure. */
export interface Figure {
  id: string;
  label: string;
  /** Null when there is nothing to divide (a hit ratio without requests): shown as a dash. */
  value: number | null;
  format: ValueFormat | 'count';
  /** When the value happened (a peak), ISO; shown in UTC+8. */
  at?: string | null;
  /** Where the figure leads. */
  link?: NavTarget;
}

/** The figure list. */
export function Figures({ figures }: { figures: readonly Figure[] }) {
  const { language } = useElement();
  const t = useT('traffic-report');
  return (
    <ul className="ec-report-figures" part="figures">
      {figures.map((figure) => {
        const text = figure.value === null ? '—' : formatValue(figure.value, figure.format === 'count' ? 'number' : figure.format, language);
        return (
          <li key={figure.id} className="ec-report-figure" data-figure={figure.id}>
            <span className="ec-report-figure-label">{figure.label}</span>
            <span className="ec-report-figure-value">
              {figure.link ? (
                <NavLink {...figure.link} aria-label={t('figure.open', { label: figure.label, value: text })} part="figure-link">
                  {text}
                </NavLink>
              ) : (
                text
              )}
            </span>
            {figure.at && <span className="ec-report-figure-note">{t('figure.at', { time: formatLogTime(figure.at).slice(0, 16) })}</span>}
          </li>
        );
      })}
    </ul>
  );
}
