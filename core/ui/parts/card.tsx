/**
 * The card frame of reports, the dashboard and plan pages (issue 25 review: one frame, not three): a bordered box on
 * the card background (`--ec-color-card`), its title as a heading that also names the box, and a slot beside the
 * title for what belongs to it (buttons, status tags). Elements that use it add {@link CARD_STYLES} to their styles
 * (kept out of the core styles every element carries).
 */
import { useId, type ReactNode } from 'react';
import styles from './card.css';

/** CSS of the card, for the `styles` of elements that use it. */
export const CARD_STYLES: string = styles;

/** Props of {@link Card}. */
export interface CardProps {
  /** The heading, translated; it names the card for screen readers. */
  title?: ReactNode;
  /** Heading level; default 2. */
  level?: 2 | 3;
  /** Id of the heading, when something else refers to it; generated otherwise. */
  titleId?: string;
  /** Shown beside the title: buttons, status tags. */
  actions?: ReactNode;
  /** The element the card is: a list item in a list of cards, a section otherwise. */
  as?: 'section' | 'li' | 'div' | 'article';
  /** Its `part` name, for `::part()` styling and tests. */
  part?: string;
  /** Extra classes (a layout of its own). */
  className?: string;
  children?: ReactNode;
}

/** A card. */
export function Card({ title, level = 2, titleId, actions, as: Tag = 'section', part, className, children }: CardProps) {
  const generated = useId();
  const id = titleId ?? generated;
  const Heading = level === 3 ? 'h3' : 'h2';
  const named = title !== undefined && title !== null;
  return (
    <Tag className={className ? `ec-card ${className}` : 'ec-card'} part={part} aria-labelledby={named ? id : undefined}>
      {(named || actions) && (
        <div className="ec-card-header">
          {named && (
            <Heading id={id} className="ec-card-title">
              {title}
            </Heading>
          )}
          {actions && <div className="ec-card-actions">{actions}</div>}
        </div>
      )}
      {children}
    </Tag>
  );
}
