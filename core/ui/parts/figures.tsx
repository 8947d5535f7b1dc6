/**
 * Headline figures of a report or dashboard: a labelled list of numbers, each with an optional note (what it
 * counts, when it peaked) and a tone. Read as a list by screen readers ("Connections: 1.2万"), so the numbers never
 * depend on the charts below them. Elements that use it add {@link FIGURES_STYLES} to their styles. `part="figures"`.
 */
import styles from './figures.css';

/** CSS of the figures, for the `styles` of elements that use them. */
export const FIGURES_STYLES: string = styles;

/** One figure, its value already formatted. */
export interface Figure {
  key: string;
  label: string;
  value: string;
  note?: string;
  tone?: 'normal' | 'warning' | 'danger';
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
        <li key={item.key} className={`ec-figure ec-figure-${item.tone ?? 'normal'}`}>
          <span className="ec-figure-label">{item.label}</span>
          <strong className="ec-figure-value">{item.value}</strong>
          {item.note && <span className="ec-figure-note">{item.note}</span>}
        </li>
      ))}
    </ul>
  );
}
