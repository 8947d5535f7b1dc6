/**
 * One tooltip for a whole region (a table): it follows the pointer and the keyboard focus through the region and
 * shows, after shell §9's 500 ms, the `data-ec-tip` text of the element under them, or the whole text of a cut value
 * (`.ec-truncate` whose text overflows). A page of rows then needs no tooltip component per cell (FastTable's rows are
 * kept cheap on purpose). Esc hides it (WAI-ARIA APG tooltip pattern). The text is also in the DOM already (the cut
 * value itself, a visually hidden reason, an aria-label), so the tip adds nothing a screen reader would miss.
 */
import { useEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { TOOLTIP_DELAY_MS } from '../../config/constants.js';

/** A tip being shown: its text and where its target is on screen. */
export interface ShownTip {
  text: string;
  left: number;
  top: number;
}

/** What carries a tip inside the region. */
const TIP_TARGET = '[data-ec-tip], .ec-truncate';

/** The tip text of an element, or null when it has none now (a cut value that fits shows no tip). */
export function tipTextOf(target: Element): string | null {
  const explicit = target.getAttribute('data-ec-tip');
  if (explicit) return explicit;
  if (target instanceof HTMLElement && target.scrollWidth > target.clientWidth) return target.textContent;
  return null;
}

/** The region's handlers and the tip to draw. */
export function useTipLayer() {
  const [tip, setTip] = useState<ShownTip | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const current = useRef<Element | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);

  return useMemo(() => {
    const hide = () => {
      clearTimeout(timer.current ?? undefined);
      current.current = null;
      setTip(null);
    };
    const enter = (node: EventTarget | null) => {
      const target = node instanceof Element ? node.closest(TIP_TARGET) : null;
      if (target === current.current) return;
      hide();
      if (!target) return;
      current.current = target;
      timer.current = setTimeout(() => {
        const text = tipTextOf(target);
        if (!text || current.current !== target) return;
        const rect = target.getBoundingClientRect();
        setTip({ text, left: rect.left + rect.width / 2, top: rect.top });
      }, TOOLTIP_DELAY_MS);
    };
    return {
      tip,
      handlers: {
        onPointerOver: (event: PointerEvent) => enter(event.target),
        onPointerLeave: hide,
        onFocus: (event: FocusEvent) => enter(event.target),
        onBlur: (event: FocusEvent) => {
          if (!(event.relatedTarget instanceof Element) || !event.currentTarget.contains(event.relatedTarget)) hide();
        },
        onKeyDown: (event: KeyboardEvent) => {
          if (event.key === 'Escape' && current.current) hide();
        },
        onScrollCapture: hide,
      },
    };
  }, [tip]);
}

/** Props of {@link TipLayer}. */
export interface TipLayerProps {
  tip: ShownTip | null;
}

/** The tip, drawn above its target with PrimeReact's tooltip look; fixed, so no scroll container clips it. */
export function TipLayer({ tip }: TipLayerProps) {
  if (!tip) return null;
  return (
    <div className="p-tooltip p-component p-tooltip-top ec-tip" role="tooltip" style={{ left: tip.left, top: tip.top }}>
      <div className="p-tooltip-arrow" />
      <div className="p-tooltip-text">{tip.text}</div>
    </div>
  );
}
