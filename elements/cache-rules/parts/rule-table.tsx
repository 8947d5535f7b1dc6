/**
 * The rule list in evaluation order: the built-in rules (read-only, rules §6), the domain's rules by priority, and the
 * default rule of rules §9 last (never editable or deletable, rules §5). The domain's rules reorder by dragging their
 * handle, by the arrow keys on the handle, or with "Move to position"; each can be edited, suspended or enabled, and
 * deleted after a confirmation.
 */
import { Button } from 'primereact/button';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { CacheRuleInfo } from '../../../core/api/endpoints/domain-settings.js';
import { formatDuration, formatPercent } from '../../../core/i18n/format.js';
import type { BuiltInCacheRule, CacheRuleInput } from '../../../core/rules/cache.js';
import { DEFAULT_CACHE_POLICY } from '../../../core/rules/origin.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { ReadOnlyMark } from '../../../core/ui/parts/read-only.js';
import { TipLayer, useTipLayer } from '../../../core/ui/parts/tip-layer.js';
import { StatusTag, type StatusSetting } from '../../../core/ui/parts/status-tag.js';
import { browserText, builtInName, edgeText, matchText, requestRuleText } from '../labels.js';

/** Props of {@link RuleTable}. */
export interface RuleTableProps {
  /** Shown before the domain's rules (on the first page). */
  builtIn: readonly BuiltInCacheRule[];
  /** Every rule of the domain, by priority. */
  rules: readonly CacheRuleInfo[];
  /** The page: rules from `start` (0-based) up to, not including, `end`. */
  start: number;
  end: number;
  /** Whether the default rule closes the list (on the last page). */
  showDefault: boolean;
  /** Whether the domain's rules can be changed here. */
  editable: boolean;
  /** Why the caller may not change the rules, shown in each row in place of its actions; null in `mode="readonly"`. */
  lockReason: string | null;
  /** A save is under way: changes wait. */
  busy: boolean;
  statusTags: readonly StatusSetting[];
  onEdit: (rule: CacheRuleInfo) => void;
  onDelete: (rule: CacheRuleInfo) => void;
  onToggle: (rule: CacheRuleInfo) => void;
  /** Moves a rule to a 0-based position of the whole list. */
  onMove: (rule: CacheRuleInfo, position: number) => void;
  onOpenMove: (rule: CacheRuleInfo) => void;
}

/** The cells every kind of row shares. */
function SummaryCells({ rule }: { rule: CacheRuleInput }) {
  const t = useT();
  const tBuilder = useT('condition-builder');
  return (
    <>
      <td>{requestRuleText(t, tBuilder, rule)}</td>
      <td>{matchText(t, rule)}</td>
      <td>{edgeText(t, rule)}</td>
      <td>{browserText(t, rule)}</td>
    </>
  );
}

/** The table; `part="table"`. */
export function RuleTable({ builtIn, rules, start, end, showDefault, editable, lockReason, busy, statusTags, onEdit, onDelete, onToggle, onMove, onOpenMove }: RuleTableProps) {
  const { language, root } = useElement();
  const t = useT();
  const [dragged, setDragged] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  // The handle that moved a rule with the keyboard; it gets focus back once the list is saved and drawn again.
  const refocus = useRef<number | null>(null);

  const statuses = Object.entries(DEFAULT_CACHE_POLICY.statusSeconds).map(([code, seconds]) => t('default-rule.status', { code, duration: formatDuration(seconds, language) }));
  const heuristic = t('default-rule.heuristic', {
    percent: formatPercent(DEFAULT_CACHE_POLICY.heuristicFraction, language),
    min: formatDuration(DEFAULT_CACHE_POLICY.heuristicMinSeconds, language),
    max: formatDuration(DEFAULT_CACHE_POLICY.heuristicMaxSeconds, language),
  });
  const canChange = editable && !busy;

  const onDragStart = (event: DragEvent, rule: CacheRuleInfo) => {
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', String(rule.id));
    setDragged(rule.id);
  };
  const onDragOver = (event: DragEvent, index: number) => {
    if (dragged === null) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setDropAt(index);
  };
  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    const rule = rules.find((entry) => entry.id === dragged);
    setDragged(null);
    setDropAt(null);
    if (rule && rule.priority - 1 !== index) onMove(rule, index);
  };
  const onHandleKey = (event: KeyboardEvent, rule: CacheRuleInfo, index: number) => {
    const target = event.key === 'ArrowUp' ? index - 1 : event.key === 'ArrowDown' ? index + 1 : null;
    if (target === null) return;
    event.preventDefault();
    if (target < 0 || target >= rules.length) return;
    refocus.current = rule.id;
    onMove(rule, target);
  };

  useEffect(() => {
    if (refocus.current === null || busy) return;
    root.querySelector<HTMLButtonElement>(`[data-rule-id="${refocus.current}"] .ec-drag-handle`)?.focus();
    refocus.current = null;
  }, [root, rules, busy]);

  const tips = useTipLayer();

  return (
    // The tip layer shows the reason of each row's view-only mark, as in a FastTable.
    <div className="ec-cache-table-frame" {...tips.handlers}>
    <table className="ec-cache-table" part="table">
      <thead>
        <tr>
          <th scope="col">{t('column.priority')}</th>
          <th scope="col">{t('column.name')}</th>
          <th scope="col">{t('column.request-rule')}</th>
          <th scope="col">{t('column.match')}</th>
          <th scope="col">{t('column.edge')}</th>
          <th scope="col">{t('column.browser')}</th>
          <th scope="col">{t('column.status')}</th>
          <th scope="col" className="ec-col-actions">{t('column.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {builtIn.map((rule) => (
          <tr key={`built-in-${rule.key}`} className="ec-readonly-row" data-kind="built-in">
            <td>—</td>
            <td>
              {builtInName(t, rule)} <span className="ec-status-tag ec-status-neutral">{t('tag.built-in')}</span>
            </td>
            <SummaryCells rule={rule} />
            <td>
              <StatusTag settings={statusTags} value={rule.status} />
            </td>
            <td className="ec-muted">{t('built-in.readonly')}</td>
          </tr>
        ))}
        {rules.slice(start, end).map((rule, offset) => {
          const index = start + offset;
          return (
            <tr
              key={rule.id}
              data-kind="custom"
              data-rule-id={rule.id}
              className={dropAt === index && dragged !== rule.id ? 'ec-drop-target' : undefined}
              onDragOver={(event) => onDragOver(event, index)}
              onDragLeave={() => setDropAt(null)}
              onDrop={(event) => onDrop(event, index)}
            >
              <td>
                <span className="ec-row ec-priority">
                  {canChange ? (
                    <button
                      type="button"
                      className="ec-drag-handle"
                      draggable
                      aria-label={t('action.drag', { name: rule.name, position: index + 1, total: rules.length })}
                      onDragStart={(event) => onDragStart(event, rule)}
                      onDragEnd={() => setDragged(null)}
                      onKeyDown={(event) => onHandleKey(event, rule, index)}
                    >
                      <i className="pi pi-bars" aria-hidden="true" />
                    </button>
                  ) : null}
                  {rule.priority}
                </span>
              </td>
              <td>{rule.name}</td>
              <SummaryCells rule={rule} />
              <td>
                <StatusTag settings={statusTags} value={rule.status} />
              </td>
              <td className="ec-col-actions">
                {editable ? (
                  <span className="ec-row ec-actions">
                    <Button type="button" text size="small" icon="pi pi-pencil" aria-label={t('action.edit', { name: rule.name })} disabled={busy} onClick={() => onEdit(rule)} />
                    <Button
                      type="button"
                      text
                      size="small"
                      icon={rule.status === 'enabled' ? 'pi pi-pause' : 'pi pi-play'}
                      aria-label={t(rule.status === 'enabled' ? 'action.suspend' : 'action.enable', { name: rule.name })}
                      disabled={busy}
                      onClick={() => onToggle(rule)}
                    />
                    <Button type="button" text size="small" icon="pi pi-sort" aria-label={t('action.move', { name: rule.name })} disabled={busy || rules.length < 2} onClick={() => onOpenMove(rule)} />
                    <ConfirmPopover message={t('confirm.delete', { name: rule.name })} confirmLabel={t('action.delete-confirm')} danger onConfirm={() => onDelete(rule)}>
                      {(trigger) => (
                        <Button type="button" text size="small" severity="danger" icon="pi pi-trash" aria-label={t('action.delete', { name: rule.name })} disabled={busy} onClick={trigger.onClick} />
                      )}
                    </ConfirmPopover>
                  </span>
                ) : lockReason ? (
                  <ReadOnlyMark reason={lockReason} />
                ) : null}
              </td>
            </tr>
          );
        })}
        {showDefault ? (
          <tr className="ec-readonly-row" data-kind="default">
            <td>—</td>
            <td>
              {t('default-rule.name')} <span className="ec-status-tag ec-status-neutral">{t('tag.default')}</span>
            </td>
            <td>{t('request-rule.all')}</td>
            <td>{t('default-rule.match')}</td>
            <td>
              {statuses.join(t('default-rule.separator'))}
              {t('default-rule.separator')}
              {t('default-rule.others')}
              <br />
              <small className="ec-muted">{heuristic}</small>
            </td>
            <td>{t('browser-mode.follow-origin')}</td>
            <td>
              <StatusTag settings={statusTags} value="enabled" />
            </td>
            <td className="ec-muted">{t('default-rule.readonly')}</td>
          </tr>
        ) : null}
      </tbody>
    </table>
      <TipLayer tip={tips.tip} />
    </div>
  );
}
