/**
 * The confirmation of a status change or a deletion (rules §4 "feature toggles switch on or off with confirmation";
 * "Delete" is permanent). A dialog rather than the anchored popover: the popover is rendered inside the table's scroll
 * container, where focusing its confirm button scrolls the container and PrimeReact closes it on that scroll.
 */
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  header: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The confirmation; mounted while open. */
export function ConfirmDialog({ header, message, confirmLabel, danger = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <EcDialog visible onHide={onCancel} header={header} footer={<DialogFooter onCancel={onCancel} onConfirm={onConfirm} confirmLabel={confirmLabel} danger={danger} />}>
      <p className="ec-confirm-message">{message}</p>
    </EcDialog>
  );
}
