/**
 * The console dialog: PrimeReact Dialog with the default width of shell §9 (500 px), narrowed on small screens, a
 * translated close button, a footer slot and the save failure `useSave` (./use-save.ts) reports (`error`). It
 * renders inside the element's shadow root (`appendTo: 'self'`). PrimeReact's Dialog is loaded the first time a
 * dialog opens (./deferred.tsx), so an element's first render does not wait for it.
 */
import { PrimeReactContext } from 'primereact/api';
import { Button } from 'primereact/button';
import { useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { DIALOG_WIDTH } from '../../config/constants.js';
import { useT } from '../element-context.js';
import { DeferredFailure, useDeferredModule } from './deferred.js';

const loadDialog = () => import('primereact/dialog');

/** Props of {@link EcDialog}. */
export interface EcDialogProps {
  /** Whether the dialog is open. */
  visible: boolean;
  /** Called when the user closes it (close button, Esc, or the mask when `dismissableMask`). */
  onHide: () => void;
  /** Title, translated; also the dialog's accessible name. */
  header: string;
  /** Buttons and other footer content. */
  footer?: ReactNode;
  /** CSS width; default 500px (shell §9). */
  width?: string;
  /** Closes on a click on the mask; default false, so a half-filled form is not lost by a stray click. */
  dismissableMask?: boolean;
  /**
   * Why the last save failed, from `useSave` in ./use-save.ts (the error catalogue's message); shown in the dialog,
   * above the footer, and announced. The dialog stays open with what was typed, so saving again retries.
   */
  error?: string;
  /** Whether the dialog has a close button and closes on Esc; default true. False for a question that must be answered. */
  closable?: boolean;
  /** Dialog content. */
  children?: ReactNode;
}

/** The focused element, looking inside shadow roots (a button in an element's shadow root, not its host). */
function focusedElement(): HTMLElement | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * Gives focus back to what opened the dialog when it closes or goes away (WAI-ARIA APG dialog pattern): otherwise
 * focus falls to the page's body and a keyboard user starts again from the top. An opener that is gone (the row it
 * sat in was deleted) gets nothing.
 */
function useFocusReturn(open: boolean): void {
  useEffect(() => {
    if (!open) return undefined;
    const opener = focusedElement();
    return () => {
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [open]);
}

/**
 * Where the dropdowns, calendars and popovers of a dialog's fields open (issue 19: the WAF match-type dropdown was cut
 * off): in the dialog's mask, beside the dialog, not inside its content, which scrolls and so clips whatever sticks
 * out of it. The mask is fixed to the viewport while PrimeReact places such panels in page coordinates, so the page's
 * scroll is kept on the mask (`--overlay-page-scroll-x/y`) and element.css moves the panels back by it.
 */
function useOverlayHost(visible: boolean) {
  const parent = useContext(PrimeReactContext);
  const dialog = useRef<{ getMask: () => HTMLElement | null } | null>(null);
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!visible) setHost(null);
  }, [visible]);
  useEffect(() => {
    if (!host) return undefined;
    const view = host.ownerDocument.defaultView!;
    const keep = () => {
      host.style.setProperty('--overlay-page-scroll-x', `${view.scrollX}px`);
      host.style.setProperty('--overlay-page-scroll-y', `${view.scrollY}px`);
    };
    keep();
    view.addEventListener('scroll', keep, { passive: true });
    return () => view.removeEventListener('scroll', keep);
  }, [host]);
  const context = useMemo(() => (host && parent ? { ...parent, appendTo: host } : parent), [parent, host]);
  return { dialog, context, onShow: () => setHost(dialog.current?.getMask() ?? null) };
}

/** A modal dialog, 500 px wide by default; `part="dialog"`. Focus returns to its opener when it closes. */
export function EcDialog({ visible, onHide, header, footer, width = DIALOG_WIDTH, dismissableMask = false, error = '', closable = true, children }: EcDialogProps) {
  const t = useT('common');
  useFocusReturn(visible);
  const overlays = useOverlayHost(visible);
  const { module, failed, retry } = useDeferredModule(loadDialog, visible);
  if (!module) {
    return visible && failed ? (
      <div role="dialog" aria-modal="true" aria-label={header} className="ec-dialog-failed" part="dialog">
        <DeferredFailure onRetry={retry} />
        {closable && (
          <button type="button" className="p-button p-button-sm p-button-text" onClick={onHide}>
            {t('action.close')}
          </button>
        )}
      </div>
    ) : null;
  }
  const { Dialog } = module;
  return (
    <Dialog
      ref={overlays.dialog as never}
      visible={visible}
      onHide={onHide}
      onShow={overlays.onShow}
      header={header}
      footer={footer}
      style={{ width }}
      breakpoints={{ '640px': '95vw' }}
      dismissableMask={dismissableMask}
      draggable={false}
      closable={closable}
      closeOnEscape={closable}
      ariaCloseIconLabel={t('action.close')}
      pt={{ root: { part: 'dialog' } as never }}
    >
      <PrimeReactContext.Provider value={overlays.context}>{children}</PrimeReactContext.Provider>
      {error && (
        <p role="alert" className="ec-error-text ec-dialog-error" part="dialog-error">
          {error}
        </p>
      )}
    </Dialog>
  );
}

/** Props of {@link DialogFooter}. */
export interface DialogFooterProps {
  /** Closes without saving. */
  onCancel: () => void;
  /** The dialog's action; omitted for a dialog that only shows something (then the one button says "Close"). */
  onConfirm?: () => void;
  /** Translated label of the action; default "Save". */
  confirmLabel?: string;
  /** The action is running: its button spins and neither button can be pressed twice. */
  busy?: boolean;
  /** The action cannot run yet (nothing chosen). */
  confirmDisabled?: boolean;
  /** The action destroys something (delete, unban all): the button is red. */
  danger?: boolean;
  /** Content on the left of the footer (a count, a "show only errors" switch). */
  extra?: ReactNode;
  /** Translated label of the cancel button when it does something more specific than close (stop a running batch). */
  cancelLabel?: string;
}

/**
 * The one dialog footer of the console (issue 19 "one dialog footer"): cancel on the left of the action, the same
 * words everywhere ("Cancel", and "Save" unless the action says what it does), outlined cancel and solid action.
 */
export function DialogFooter({ onCancel, onConfirm, confirmLabel, busy = false, confirmDisabled = false, danger = false, extra, cancelLabel }: DialogFooterProps) {
  const t = useT('common');
  return (
    <div className="ec-dialog-footer">
      {extra !== undefined && <div className="ec-dialog-footer-extra">{extra}</div>}
      <Button type="button" outlined label={cancelLabel ?? (onConfirm ? t('action.cancel') : t('action.close'))} disabled={busy} onClick={onCancel} className="ec-dialog-cancel" />
      {onConfirm && (
        <Button
          type="button"
          label={confirmLabel ?? t('action.save')}
          loading={busy}
          disabled={confirmDisabled}
          severity={danger ? 'danger' : undefined}
          onClick={onConfirm}
          className="ec-dialog-confirm"
        />
      )}
    </div>
  );
}
