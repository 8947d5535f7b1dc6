/**
 * Moves the selected domains into a domain group, or out of any group (rules §3 DNS website group).
 */
import { Dropdown } from 'primereact/dropdown';
import { useId, useState } from 'react';
import type { DnsGroup } from '../../../core/api/endpoints/dns.js';
import { useT } from '../../../core/ui/element-context.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { namedDropdown as named } from '../../../core/ui/parts/named.js';
import { useSave } from '../../../core/ui/parts/use-save.js';

/** Dropdown value meaning "no group": PrimeReact treats null as no selection. */
const NO_GROUP = 0;

/** Props of {@link MoveGroupDialog}. */
export interface MoveGroupDialogProps {
  visible: boolean;
  count: number;
  groups: readonly DnsGroup[];
  /** Moves the domains; throws on failure, which the dialog shows while staying open. */
  onMove: (groupId: number | null) => Promise<void>;
  onHide: () => void;
}

/** The move-to-group dialog. */
export function MoveGroupDialog({ visible, count, groups, onMove, onHide }: MoveGroupDialogProps) {
  const t = useT();
  const fieldId = useId();
  const [groupId, setGroupId] = useState<number>(NO_GROUP);
  const saving = useSave();
  const label = t('move.group');
  const options = [{ value: NO_GROUP, label: t('move.no-group') }, ...groups.map((group) => ({ value: group.id, label: group.name }))];

  const submit = async () => {
    if ((await saving.run(() => onMove(groupId === NO_GROUP ? null : groupId))).ok) onHide();
  };
  const cancel = () => {
    saving.reset();
    onHide();
  };

  return (
    <EcDialog
      visible={visible}
      onHide={cancel}
      header={t('move.title', { count })}
      error={saving.error}
      footer={<DialogFooter onCancel={cancel} onConfirm={() => void submit()} confirmLabel={t('move.submit')} busy={saving.saving} />}
    >
      <div className="ec-field">
        <label htmlFor={fieldId}>{label}</label>
        <Dropdown inputId={fieldId} value={groupId} options={options} onChange={(event) => setGroupId(event.value as number)} pt={named(label)} />
      </div>
    </EcDialog>
  );
}
