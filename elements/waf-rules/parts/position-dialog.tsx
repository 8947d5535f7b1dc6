/**
 * "Place at position": the keyboard way to reorder (the drag handle's equivalent). The rule moves to the typed
 * priority, 1 being the first rule matched.
 */
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { validateIntegerRange } from '../../../core/rules/common.js';
import { useT } from '../../../core/ui/element-context.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';

/** Props of {@link PositionDialog}. */
export interface PositionDialogProps {
  /** The rule's name in the title ("#12"). */
  label: string;
  /** Its current position, 1-based. */
  current: number;
  /** How many rules the set has. */
  total: number;
  /** Called with the new position, 1-based. */
  onPlace: (position: number) => void;
  onCancel: () => void;
}

/** The position form in a dialog. */
export function PositionDialog({ label, current, total, onPlace, onCancel }: PositionDialogProps) {
  const t = useT();
  const tRules = useT('rules');
  const id = useId();
  const [typed, setTyped] = useState(String(current));
  const [error, setError] = useState<string | null>(null);

  const place = () => {
    const found = validateIntegerRange(typed, { min: 1, max: total });
    if (found) {
      setError(tRules(found.key, found.values));
      return;
    }
    onPlace(Number(typed));
  };

  return (
    <EcDialog
      visible
      onHide={onCancel}
      header={t('position.title', { rule: label })}
      footer={
        <DialogFooter onCancel={onCancel} onConfirm={place} confirmLabel={t('position.move')} />
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          place();
        }}
      >
        <div className="ec-field">
          <label htmlFor={`${id}-position`}>{t('position.label', { total })}</label>
          <InputText
            id={`${id}-position`}
            value={typed}
            inputMode="numeric"
            autoFocus
            invalid={error !== null}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setTyped(event.target.value)}
          />
          {error && <small id={`${id}-error`} className="ec-error-text">{error}</small>}
        </div>
      </form>
    </EcDialog>
  );
}
