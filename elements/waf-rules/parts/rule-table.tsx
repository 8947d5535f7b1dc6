/**
 * The rules of a set in priority order (rules §3 "WAF rule: rule ID, matching conditions, disposal method, priority,
 * status, remark, creation time"; built-in rules also show attack type, risk level, application type, vulnerability
 * number and update time). Rows are dragged by their handle to reorder, or placed at a typed position from the
 * keyboard. Rows say whether they are new, changed, refused by the server, or can never fire.
 */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { useRef, useState, type DragEvent } from 'react';
import { formatLogTime } from '../../../core/i18n/format.js';
import { effectiveFlow } from '../../../core/match/rule-set.js';
import { isLastingAction } from '../../../core/rules/waf-actions.js';
import { useT } from '../../../core/ui/element-context.js';
import { fromConditionInput } from '../../../core/ui/parts/condition-builder/model.js';
import { describeConditions, type PreviewLabels } from '../../../core/ui/parts/condition-builder/preview.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { StatusTag } from '../../../core/ui/parts/status-tag.js';
import { actionLabel, applicationLabel, attackLabel, flowLabel, riskSettings, statusSettings } from '../labels.js';
import type { WorkingRule } from '../working-copy.js';

/** Props of {@link RuleTable}. */
export interface RuleTableProps {
  rules: readonly WorkingRule[];
  /** The server's version of each saved rule, to mark changes. */
  baseline: ReadonlyMap<number, WorkingRule>;
  /** Whether rules may be added, edited, moved and deleted (not a built-in set). */
  editable: boolean;
  /** Whether to show the built-in attributes. */
  builtIn: boolean;
  selected: ReadonlySet<string>;
  onSelect: (keys: Set<string>) => void;
  /** Rules that can never fire: index → the index of the rule that always fires first. */
  unreachable: ReadonlyMap<number, number>;
  /** The rule the server refused on the last save. */
  refusedKey: string | null;
  labels: PreviewLabels;
  onEdit: (rule: WorkingRule) => void;
  onDelete: (rule: WorkingRule) => void;
  onMove: (from: number, to: number) => void;
  onPlace: (index: number) => void;
}

/** A rule's short name: its rule ID, or "new". */
export function ruleName(t: ReturnType<typeof useT>, rule: WorkingRule): string {
  return rule.code ? `#${rule.code}` : t('rule.new');
}

/** The table; `part="table"`. */
export function RuleTable(props: RuleTableProps) {
  const { rules, baseline, editable, builtIn, selected, onSelect, unreachable, refusedKey, labels } = props;
  const t = useT();
  const tBuilder = useT('condition-builder');
  // The dragged row is read by the next drag events before React re-renders, so it lives in a ref.
  const dragging = useRef<number | null>(null);
  const [over, setOver] = useState<number | null>(null);

  const allSelected = rules.length > 0 && rules.every((rule) => selected.has(rule.key));
  const toggle = (key: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(key);
    else next.delete(key);
    onSelect(next);
  };
  const changeOf = (rule: WorkingRule): 'new' | 'changed' | null => {
    if (rule.id === undefined) return 'new';
    const old = baseline.get(rule.id);
    return old && JSON.stringify([old.conditions, old.action, old.remark, old.status]) !== JSON.stringify([rule.conditions, rule.action, rule.remark, rule.status]) ? 'changed' : null;
  };
  const drop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragging.current !== null && dragging.current !== index) props.onMove(dragging.current, index);
    dragging.current = null;
    setOver(null);
  };

  return (
    <div className="ec-table-scroll">
      <table className="ec-table ec-rule-table" part="table">
        <caption className="ec-visually-hidden">{t('editor.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Checkbox
                checked={allSelected}
                onChange={(event) => onSelect(event.checked ? new Set(rules.map((rule) => rule.key)) : new Set())}
                pt={{ input: { 'aria-label': t('editor.select-all') } as never }}
              />
            </th>
            <th scope="col">{t('column.priority')}</th>
            <th scope="col">{t('column.rule-id')}</th>
            <th scope="col">{t('column.conditions')}</th>
            <th scope="col">{t('column.action')}</th>
            <th scope="col">{t('column.status')}</th>
            {builtIn ? (
              <>
                <th scope="col">{t('column.attack-type')}</th>
                <th scope="col">{t('column.risk')}</th>
                <th scope="col">{t('column.application')}</th>
                <th scope="col">{t('column.vulnerability')}</th>
                <th scope="col">{t('column.rule-updated')}</th>
              </>
            ) : (
              <>
                <th scope="col">{t('column.remark')}</th>
                <th scope="col">{t('column.created')}</th>
              </>
            )}
            <th scope="col" className="ec-col-actions">{t('column.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rules.map((rule, index) => {
            const change = changeOf(rule);
            const shadowedBy = unreachable.get(index);
            const name = ruleName(t, rule);
            return (
              <tr
                key={rule.key}
                data-rule-key={rule.key}
                className={[over === index ? 'ec-drop-target' : '', refusedKey === rule.key ? 'ec-refused' : ''].join(' ').trim() || undefined}
                draggable={editable}
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', rule.key);
                  dragging.current = index;
                }}
                onDragOver={(event) => {
                  if (dragging.current === null) return;
                  event.preventDefault();
                  setOver(index);
                }}
                onDragEnd={() => {
                  dragging.current = null;
                  setOver(null);
                }}
                onDrop={(event) => drop(event, index)}
              >
                <td>
                  <Checkbox
                    checked={selected.has(rule.key)}
                    onChange={(event) => toggle(rule.key, event.checked === true)}
                    pt={{ input: { 'aria-label': t('editor.select-rule', { rule: name }) } as never }}
                  />
                </td>
                <td className="ec-priority">
                  {editable && <span className="pi pi-bars ec-drag-handle" aria-hidden="true" title={t('editor.drag')} />}
                  {index + 1}
                </td>
                <th scope="row">
                  {name}
                  {change && <span className={`ec-status-tag ec-status-${change === 'new' ? 'info' : 'warning'}`}>{change === 'new' ? t('rule.new') : t('rule.changed')}</span>}
                </th>
                <td>
                  <span className="ec-conditions-text">{describeConditions(tBuilder, rule.conditions.map((condition) => fromConditionInput(condition, `${rule.key}-${index}`)), labels)}</span>
                  {shadowedBy !== undefined && (
                    <div className="ec-error-text">{t('editor.unreachable', { rule: ruleName(t, rules[shadowedBy]!), position: shadowedBy + 1 })}</div>
                  )}
                  {refusedKey === rule.key && <div className="ec-error-text">{t('editor.refused')}</div>}
                </td>
                <td>
                  {actionLabel(t, rule.action.type)}
                  <div className="ec-muted">{flowLabel(t, effectiveFlow(rule))}</div>
                </td>
                <td>
                  <StatusTag settings={statusSettings(t)} value={rule.status} />
                </td>
                {builtIn ? (
                  <>
                    <td>{rule.builtIn ? attackLabel(t, rule.builtIn.attack_type) : ''}</td>
                    <td>{rule.builtIn && <StatusTag settings={riskSettings(t)} value={rule.builtIn.risk_level} />}</td>
                    <td>{rule.builtIn ? applicationLabel(t, rule.builtIn.application_type) : ''}</td>
                    <td>{rule.builtIn?.vulnerability_number || '—'}</td>
                    <td>{formatLogTime(rule.builtIn?.updated_at)}</td>
                  </>
                ) : (
                  <>
                    <td className="ec-remark">{rule.remark}</td>
                    <td>{formatLogTime(rule.createdAt)}</td>
                  </>
                )}
                <td className="ec-actions ec-col-actions">
                  {editable && (
                    <>
                      <Button type="button" text label={t('action.edit')} aria-label={t('editor.edit-rule', { rule: name })} onClick={() => props.onEdit(rule)} />
                      <Button type="button" text label={t('action.place')} aria-label={t('editor.place-rule', { rule: name })} onClick={() => props.onPlace(index)} />
                      <ConfirmPopover
                        message={isLastingAction(rule.action.type) ? t('editor.confirm-delete-lasting', { rule: name }) : t('editor.confirm-delete', { rule: name })}
                        danger
                        onConfirm={() => props.onDelete(rule)}
                      >
                        {(trigger) => (
                          <Button type="button" text severity="danger" label={t('action.delete')} aria-label={t('editor.delete-rule', { rule: name })} {...trigger} />
                        )}
                      </ConfirmPopover>
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
