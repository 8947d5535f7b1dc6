/**
 * The before/after values of one operation log entry as a readable diff: every nested field on its own line as a
 * dotted path, changed, added and removed fields highlighted and labelled in words (colour is never the only cue),
 * unchanged fields hidden until asked for.
 */
import { Checkbox } from 'primereact/checkbox';
import { useId, useMemo, useState } from 'react';
import type { OperationLogEntry } from '../../../core/api/endpoints/platform.js';
import { formatLogTime } from '../../../core/i18n/format.js';
import { useT } from '../../../core/ui/element-context.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { countDiff, diffValues, formatDiffValue, pathSteps, type DiffKind } from '../diff.js';

/** Props of {@link DiffDialog}. */
export interface DiffDialogProps {
  /** The entry to show; the dialog is closed when null. */
  entry: OperationLogEntry | null;
  /** The entry's object as the table names it. */
  objectName: string;
  /** The entry's action as the table names it. */
  actionName: string;
  /** Called when the user closes the dialog. */
  onHide: () => void;
}

/** The diff dialog is wider than the 500 px default: it has three columns of values. */
const DIFF_DIALOG_WIDTH = '760px';

const KIND_KEYS: Record<DiffKind, string> = {
  added: 'diff.kind.added',
  removed: 'diff.kind.removed',
  changed: 'diff.kind.changed',
  unchanged: 'diff.kind.unchanged',
};

/** The dialog; `part="dialog"` (from EcDialog), the table `part="diff"`. */
export function DiffDialog({ entry, objectName, actionName, onHide }: DiffDialogProps) {
  const t = useT();
  const toggleId = useId();
  const [showUnchanged, setShowUnchanged] = useState(false);

  const entries = useMemo(() => (entry ? diffValues(entry.before, entry.after) : []), [entry]);
  const counts = countDiff(entries);
  const shown = showUnchanged ? entries : entries.filter((item) => item.kind !== 'unchanged');
  /**
   * A path in words (issue 19: the dialog showed raw keys): each field by its catalogue name, each list position as
   * "No. n" (catalogue keys are kebab-case, recorded fields snake_case). A field the catalogue does not know yet keeps
   * its recorded name rather than showing a catalogue key.
   */
  const fieldLabel = (path: string) =>
    pathSteps(path)
      .map((step) => ('index' in step ? t('diff.item', { number: step.index + 1 }) : t(`diff.fields.${step.field.replace(/_/g, '-')}`, { defaultValue: step.field })))
      .join(' › ');

  const body = () => {
    if (entries.length === 0) return <p className="ec-muted">{t('diff.nothing')}</p>;
    return (
      <>
        <div className="ec-row">
          <span>{t('diff.summary', { changed: counts.changed, added: counts.added, removed: counts.removed })}</span>
          <span className="ec-spacer" />
          {counts.unchanged > 0 && (
            <span className="ec-row ec-diff-toggle">
              <Checkbox inputId={toggleId} checked={showUnchanged} onChange={(event) => setShowUnchanged(Boolean(event.checked))} />
              <label htmlFor={toggleId}>{t('diff.show-unchanged', { count: counts.unchanged })}</label>
            </span>
          )}
        </div>
        {shown.length === 0 ? (
          <p className="ec-muted">{t('diff.no-changes')}</p>
        ) : (
          <div className="ec-diff-scroll">
            <table className="ec-diff" part="diff">
              <caption className="ec-visually-hidden">{t('diff.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('diff.field')}</th>
                  <th scope="col">{t('diff.change')}</th>
                  <th scope="col">{t('diff.before')}</th>
                  <th scope="col">{t('diff.after')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((item) => (
                  <tr key={item.path} className={`ec-diff-${item.kind}`} data-kind={item.kind}>
                    <th scope="row">
                      <span title={item.path || undefined}>{item.path === '' ? t('diff.root') : fieldLabel(item.path)}</span>
                    </th>
                    <td>
                      <span className="ec-diff-kind">{t(KIND_KEYS[item.kind])}</span>
                    </td>
                    <td className="ec-diff-before">
                      <code>{formatDiffValue(item.before)}</code>
                    </td>
                    <td className="ec-diff-after">
                      <code>{formatDiffValue(item.after)}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </>
    );
  };

  return (
    <EcDialog visible={entry !== null} onHide={onHide} header={t('diff.title', { object: objectName })} width={DIFF_DIALOG_WIDTH} dismissableMask footer={<DialogFooter onCancel={onHide} />}>
      {entry && (
        <div className="ec-stack">
          <p className="ec-muted ec-diff-meta">
            {t('diff.meta', { time: formatLogTime(entry.time), operator: entry.operator, action: actionName })}
          </p>
          {body()}
        </div>
      )}
    </EcDialog>
  );
}
