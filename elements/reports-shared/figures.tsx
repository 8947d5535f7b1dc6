/**
 * The figures a report or the dashboard leads with (issue 25: "the numbers first"): each a label and a value formatted
 * by core's one formatter (units base 1000, 万/亿, percent with 2 decimals: rules §9), optionally a link to the report
 * that explains it (via `ec-navigate`). `part="figures"`.
 */
import { formatBits, formatBytes, formatLargeNumber, formatLogTime, formatPercent } from '../../core/i18n/format.js';
import type { Language } from '../../core/i18n/language.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { NavLink, type NavTarget } from '../../core/ui/parts/nav-link.js';

/** How a figure's value is written. */
export type FigureFormat = 'large' | 'bytes' | 'bits' | 'percent';

/**
 * The value in its unit. The chart part formats the same way (chart-data.ts `formatValue`); the figures call core's
 * formatter directly so the first route does not carry the chart code.
 */
function formatFigure(value: number, format: FigureFormat, language: Language): string {
  if (format === 'bytes') return formatBytes(value, language);
  if (format === 'bits') return formatBits(value, language);
  if (format === 'percent') return formatPercent(value, language);
  return formatLargeNumber(value, language);
}

/** One figure. */
export interface Figure {
  id: string;
  label: string;
  /** Null when there is nothing to divide (a hit ratio without requests): shown as a dash. */
  value: number | null;
  format: FigureFormat;
  /** When the value happened (a peak), ISO; shown in UTC+8. */
  at?: string | null;
  /** Where the figure leads. */
  link?: NavTarget;
}

/** The figure list. */
export function Figures({ figures }: { figures: readonly Figure[] }) {
  const { language } = useElement();
  const t = useT();
  return (
    <ul className="ec-report-figures" part="figures">
      {figures.map((figure) => {
        const text = figure.value === null ? '—' : formatFigure(figure.value, figure.format, language);
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
