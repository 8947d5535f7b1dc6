/**
 * Tooltips with the open delay of shell §9 (500 ms), on hover and on keyboard focus, so what a mouse user learns by
 * hovering a keyboard user learns by tabbing; screen readers get the same text as the target's description.
 *
 * Use this rather than PrimeReact's `tooltip` prop: PrimeReact 10.9.9's Tooltip binds its target's events in an
 * update effect, so a tooltip whose owner never re-renders after mounting never opens. Here the target arrives in a
 * second render, which binds it every time.
 */
import { Tooltip } from 'primereact/tooltip';
import { useEffect, useId, useState, type RefObject } from 'react';
import { TOOLTIP_DELAY_MS } from '../../config/constants.js';

/** Where the tooltip sits relative to its target. */
export type TooltipPosition = 'top' | 'bottom' | 'left' | 'right';

/** Props of {@link EcTooltip}. */
export interface EcTooltipProps {
  /** The element the tooltip describes. A ref, not a selector: selectors search the document, not the shadow root. */
  target: RefObject<HTMLElement | null>;
  /** Translated text. */
  content: string;
  /** Default `top`. */
  position?: TooltipPosition;
}

/** A tooltip for any element, opening after 500 ms on hover or focus, also set as the target's description. */
export function EcTooltip({ target, content, position = 'top' }: EcTooltipProps) {
  const descriptionId = useId();
  const [element, setElement] = useState<HTMLElement | null>(null);

  // The target arrives in a second render, which is when PrimeReact's Tooltip binds it.
  useEffect(() => setElement(target.current), [target]);

  // Described only once bound: a child's effects run before its parent's in the same commit, so by the time the
  // description is set the Tooltip below already listens. Tests (and anything else) can wait for the description
  // instead of guessing how many frames the bind takes on a loaded machine.
  useEffect(() => {
    if (!element) return undefined;
    const previous = element.getAttribute('aria-describedby');
    element.setAttribute('aria-describedby', previous ? `${previous} ${descriptionId}` : descriptionId);
    return () => {
      if (previous === null) element.removeAttribute('aria-describedby');
      else element.setAttribute('aria-describedby', previous);
    };
  }, [element, descriptionId]);

  return (
    <>
      <span id={descriptionId} hidden>
        {content}
      </span>
      <Tooltip target={element ?? undefined} content={content} position={position} showDelay={TOOLTIP_DELAY_MS} event="both" />
    </>
  );
}
