/**
 * The confirm popover of shell §2: a small question anchored to the button that asked it ("Delete this rule?").
 * Built on PrimeReact's ConfirmPopup, which renders in place under the factory's `appendTo: 'self'`, so it stays
 * inside the element's shadow root. The ConfirmPopup component is loaded when a popover first opens
 * (./deferred.tsx).
 */
import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useElement, useT } from '../element-context.js';
import { DeferredFailure, useDeferredModule } from './deferred.js';

const loadConfirmPopup = () => import('primereact/confirmpopup');

/** The theme's gap between the trigger and the popover (its margin), room for the arrow. */
const ARROW_GAP_PX = 10;
/** The popover never touches the viewport edge. */
const EDGE_PX = 8;

/** What the trigger render function receives: spread it onto the trigger button. */
export interface ConfirmTriggerProps {
  /** Opens the popover anchored to the clicked element. */
  onClick: (event: MouseEvent<HTMLElement>) => void;
  'aria-haspopup': 'dialog';
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
}

/** Props of {@link ConfirmPopover}. */
export interface ConfirmPopoverProps {
  /** The question, translated. */
  message: string;
  /** Called when the user confirms. */
  onConfirm: () => void;
  /** Called when the user cancels: the cancel button, Esc or a click outside. */
  onCancel?: () => void;
  /** Confirm button text; default `action.confirm`. */
  confirmLabel?: string;
  /** Cancel button text; default `action.cancel`. */
  cancelLabel?: string;
  /** Paints the confirm button as dangerous (permanent deletes). */
  danger?: boolean;
  /** Renders the trigger; spread the given props onto it. */
  children: (trigger: ConfirmTriggerProps) => ReactNode;
}

/**
 * Anchored confirmation. Opening moves focus to the confirm button; Esc and a click outside cancel; closing returns
 * focus to the trigger (PrimeReact remembers `document.activeElement`, which is only the host inside a shadow root).
 */
export function ConfirmPopover({ message, onConfirm, onCancel, confirmLabel, cancelLabel, danger = false, children }: ConfirmPopoverProps) {
  const { root } = useElement();
  const t = useT('common');
  const popupId = useId();
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const triggerRef = useRef<HTMLElement | null>(null);
  const stopFollowing = useRef<(() => void) | null>(null);

  const open = (event: MouseEvent<HTMLElement>) => {
    triggerRef.current = event.currentTarget;
    setTarget(event.currentTarget);
  };

  const onHide = (result: string) => {
    stopFollowing.current?.();
    stopFollowing.current = null;
    setTarget(null);
    if (result === 'accept') onConfirm();
    else onCancel?.();
    triggerRef.current?.focus();
  };

  // PrimeReact places the popup with page coordinates, as if it were a child of <body>; inside a shadow root it sits
  // in the element's own (often positioned) containers and lands far from its trigger. Viewport coordinates with
  // `position: fixed` are right wherever it is rendered. The theme's 10 px margin leaves room for the arrow.
  const placeNextToTrigger = () => {
    const popup = root.getElementById(popupId) as HTMLElement | null;
    const trigger = triggerRef.current;
    if (!popup || !trigger) return;
    const anchor = trigger.getBoundingClientRect();
    const below = anchor.bottom + ARROW_GAP_PX + popup.offsetHeight <= window.innerHeight;
    const left = Math.max(EDGE_PX, Math.min(anchor.left, window.innerWidth - popup.offsetWidth - EDGE_PX));
    popup.classList.toggle('p-confirm-popup-flipped', !below);
    popup.style.position = 'fixed';
    popup.style.top = `${below ? anchor.bottom : Math.max(EDGE_PX, anchor.top - popup.offsetHeight)}px`;
    popup.style.left = `${left}px`;
    popup.style.setProperty('--overlayArrowLeft', `${Math.max(0, anchor.left - left)}px`);
  };

  // PrimeReact re-aligns on scroll and resize with the same page coordinates; these listeners are added after its
  // own, so they run after it and put the popup back next to the trigger.
  const followTrigger = () => {
    placeNextToTrigger();
    const options = { capture: true, passive: true } as const;
    window.addEventListener('scroll', placeNextToTrigger, options);
    window.addEventListener('resize', placeNextToTrigger, options);
    stopFollowing.current = () => {
      window.removeEventListener('scroll', placeNextToTrigger, options);
      window.removeEventListener('resize', placeNextToTrigger, options);
    };
  };

  useEffect(() => () => stopFollowing.current?.(), []);

  const visible = target !== null;
  const { module, failed, retry } = useDeferredModule(loadConfirmPopup, visible);
  const ConfirmPopup = module?.ConfirmPopup;
  // PrimeReact runs its opening (placement, focus on confirm) when `visible` changes, not when it mounts visible:
  // the first time the component arrives it mounts closed, and opens on the next render.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (ConfirmPopup && !mounted) setMounted(true);
  }, [ConfirmPopup, mounted]);

  return (
    <>
      {children({ onClick: open, 'aria-haspopup': 'dialog', 'aria-expanded': visible, 'aria-controls': visible ? popupId : undefined })}
      {visible && failed && (
        <div role="dialog" aria-label={t('confirm.title')} id={popupId} className="ec-dialog-failed" part="confirm-popover">
          <DeferredFailure onRetry={retry} />
          <button type="button" className="p-button p-button-sm p-button-text" onClick={() => onHide('reject')}>
            {cancelLabel ?? t('action.cancel')}
          </button>
        </div>
      )}
      {ConfirmPopup && <ConfirmPopup
        target={target ?? undefined}
        visible={visible && mounted}
        onHide={onHide}
        onShow={followTrigger}
        message={message}
        acceptLabel={confirmLabel ?? t('action.confirm')}
        rejectLabel={cancelLabel ?? t('action.cancel')}
        acceptClassName={danger ? 'p-button-danger' : undefined}
        pt={{
          root: { id: popupId, role: 'dialog', 'aria-label': t('confirm.title'), part: 'confirm-popover' } as never,
        }}
      />}
    </>
  );
}
