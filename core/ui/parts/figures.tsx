/**
 * Headline figures of a report or dashboard: a labelled list of numbers, each with an optional note (what it
 * counts, when it peaked), a tone and a link to the report that explains it (through `ec-navigate`). Read as a list by
 * screen readers ("Connections: 1.2万"), so the numbers never depend on the charts below them. Elements that use it
 * add {@link FIGURES_STYLES} to their styles. `part="figures"`; a link is `part="figure-link"`.
 */
import { formatBits, formatBytes, formatLargeNumber, formatPercent } from '../../i18n/format.js';
import type { Language } from '../../i18n/language.js';
import styles from './figures.css';
import { NavLink, type NavTarget } from './nav-link.js';

/** CSS of the figures, for the `styles` of elements that use them. */
export const FIGURES_STYLES: string = styles;

/** One figure, its value already formatted. */
export interface Figure {
  key: string;
  label: string;
  value: string;
  note?: string;
  tone?: 'normal' | 'warning' | 'danger';
  /** Where the figure leads (its report); the value becomes a link there. */
  link?: NavTarget;
  /** Accessible name of the link, translated ("Requests 1.2万: open the report"); the value otherwise. */
  linkLabel?: string;
}

/** How a figure's number is written (rules §9: units base 1000, 万/亿, percent with 2 decimals). */
export type FigureFormat = 'large' | 'bytes' | 'bits' | 'percent';

/**
 * A figure's number in its unit through core's one formatter; null (nothing to divide, a hit ratio without requests)
 * is a dash. The chart part formats the same way (chart-data.ts `formatValue`); figures do not import it, so a page
 * showing only figures does not carry the chart code.
 */
export function figureValue(value: number | null, format: FigureFormat, language: Language): string {
  if (value === null) return '—';
  if (format === 'bytes') return formatBytes(value, language);
  if (format === 'bits') return formatBits(value, language);
  if (format === 'percent') return formatPercent(value, language);
  return formatLargeNumber(value, language);
}

/** Props of {@link Figures}. */
export interface FiguresProps {
  /** Accessible name of the list, translated. */
  label: string;
  items: readonly Figure[];
}

/** The figures. */
export function Figures({ label, items }: FiguresProps) {
  return (
    <ul className="ec-figures" aria-label={label} part="figures">
      {items.map((item) => (
        <li key={item.key} className={`ec-figure ec-figure-${item.tone ?? 'normal'}`} data-figure={item.key}>
          <span className="ec-figure-label">{item.label}</span>
          <strong className="ec-figure-value">
            {item.link ? (
              <NavLink {...item.link} {...(item.linkLabel ? { 'aria-label': item.linkLabel } : {})} part="figure-link">
                {item.value}
              </NavLink>
            ) : (
              item.value
            )}
          </strong>
          {item.note && <span className="ec-figure-note">{item.note}</span>}
        </li>
      ))}
    </ul>
  );
}
