/**
 * The console dialog: PrimeReact Dialog with the default width of shell §9 (500 px), narrowed on small screens, a
 * translated close button, a footer slot and the save failure `useSave` (./use-save.ts) reports (`error`). It
 * renders inside the element's shadow root (`appendTo: 'self'`). PrimeReact's Dialog is loaded the first time a
 * dialog opens (./deferred.tsx), so an element's first render does not wait for it.
 */
import { useEffect, type ReactNode } from 'react';
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

/** A modal dialog, 500 px wide by default; `part="dialog"`. Focus returns to its opener when it closes. */
export function EcDialog({ visible, onHide, header, footer, width = DIALOG_WIDTH, dismissableMask = false, error = '', closable = true, children }: EcDialogProps) {
  const t = useT('common');
  useFocusReturn(visible);
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
      visible={visible}
      onHide={onHide}
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
      {children}
      {error && (
        <p role="alert" className="ec-error-text ec-dialog-error" part="dialog-error">
          {error}
        </p>
      )}
    </Dialog>
  );
}
