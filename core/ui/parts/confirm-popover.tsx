/**
 * The confirm popover of shell §2: a small question anchored to the button that asked it ("Delete this rule?").
 * Built on PrimeReact's ConfirmPopup, which renders in place under the factory's `appendTo: 'self'`, so it stays
 * inside the element's shadow root.
 */
import { ConfirmPopup } from 'primereact/confirmpopup';
import { useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useT } from '../element-context.js';

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
  const t = useT('common');
  const popupId = useId();
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const triggerRef = useRef<HTMLElement | null>(null);

  const open = (event: MouseEvent<HTMLElement>) => {
    triggerRef.current = event.currentTarget;
    setTarget(event.currentTarget);
  };

  const onHide = (result: string) => {
    setTarget(null);
    if (result === 'accept') onConfirm();
    else onCancel?.();
    triggerRef.current?.focus();
  };

  const visible = target !== null;

  return (
    <>
      {children({ onClick: open, 'aria-haspopup': 'dialog', 'aria-expanded': visible, 'aria-controls': visible ? popupId : undefined })}
      <ConfirmPopup
        target={target ?? undefined}
        visible={visible}
        onHide={onHide}
        message={message}
        acceptLabel={confirmLabel ?? t('action.confirm')}
        rejectLabel={cancelLabel ?? t('action.cancel')}
        acceptClassName={danger ? 'p-button-danger' : undefined}
        pt={{
          root: { id: popupId, role: 'dialog', 'aria-label': t('confirm.title'), part: 'confirm-popover' } as never,
        }}
      />
    </>
  );
}
