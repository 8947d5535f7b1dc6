/**
 * "Move to position": the keyboard way to reorder without dragging, for any distance. The position is the rule's new
 * priority, 1 to the number of the domain's rules.
 */
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { parseInteger, validateIntegerRange } from '../../../core/rules/common.js';
import { onField } from '../../../core/rules/types.js';
import { useT } from '../../../core/ui/element-context.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { FieldIssues } from './field-issues.js';

/** Props of {@link MoveDialog}. */
export interface MoveDialogProps {
  name: string;
  /** The rule's priority now. */
  priority: number;
  /** How many rules there are. */
  total: number;
  /** Called with the new 1-based position. */
  onMove: (position: number) => void;
  onHide: () => void;
}

/** The dialog; mounted while open. */
export function MoveDialog({ name, priority, total, onMove, onHide }: MoveDialogProps) {
  const t = useT();
  const id = useId();
  const [value, setValue] = useState(String(priority));
  const [submitted, setSubmitted] = useState(false);

  const issues = submitted ? onField('position', validateIntegerRange(value, { min: 1, max: total })) : [];

  const submit = () => {
    setSubmitted(true);
    const position = parseInteger(value);
    if (position === null || position < 1 || position > total) return;
    onMove(position);
  };

  const footer = <DialogFooter onCancel={onHide} onConfirm={submit} confirmLabel={t('action.move-confirm')} />;

  return (
    <EcDialog visible onHide={onHide} header={t('move.title', { name })} footer={footer}>
      <form
        className="ec-stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="ec-field">
          <label htmlFor={`${id}-position`}>{t('move.position', { total })}</label>
          <InputText
            id={`${id}-position`}
            value={value}
            inputMode="numeric"
            autoFocus
            invalid={issues.length > 0}
            aria-describedby={`${id}-issues`}
            onChange={(event) => setValue(event.target.value)}
          />
          <FieldIssues id={`${id}-issues`} issues={issues} />
        </div>
      </form>
    </EcDialog>
  );
}
