/**
 * Tooltips with the open delay of shell §9 (500 ms). They also open on keyboard focus, so what a mouse user learns
 * by hovering a keyboard user learns by tabbing.
 */
import { Tooltip, type TooltipProps } from 'primereact/tooltip';
import type { TooltipOptions } from 'primereact/tooltip/tooltipoptions';
import type { RefObject } from 'react';
import { TOOLTIP_DELAY_MS } from '../../config/constants.js';

/** Where the tooltip sits relative to its target. */
export type TooltipPosition = 'top' | 'bottom' | 'left' | 'right';

/** `tooltipOptions` for PrimeReact components that take a `tooltip` prop (Button, InputText...). */
export function tooltipOptions(position: TooltipPosition = 'top'): TooltipOptions {
  return { showDelay: TOOLTIP_DELAY_MS, position, event: 'both' };
}

/** Props of {@link EcTooltip}. */
export interface EcTooltipProps {
  /** The element the tooltip describes. A ref, not a selector: selectors search the document, not the shadow root. */
  target: RefObject<HTMLElement | null>;
  /** Translated text. */
  content: string;
  /** Default `top`. */
  position?: TooltipPosition;
}

/** A tooltip for any element, opening after 500 ms on hover or focus. */
export function EcTooltip({ target, content, position = 'top' }: EcTooltipProps) {
  const options: TooltipProps = tooltipOptions(position);
  return <Tooltip {...options} target={target as RefObject<HTMLElement>} content={content} />;
}
