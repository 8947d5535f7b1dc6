/**
 * The rule table (rules §3 columns: forwarding protocol, rule port, source IP and port, type, remark, package,
 * load-balancing mode, due date; rules §4 forwarding status). Server-paged through the shared FastTable, so 10,000
 * rules never mean 10,000 DOM rows; the selection column feeds batch edit and delete. A rule the caller may not
 * change shows why in place of its actions.
 */
import { Button } from 'primereact/button';
import { useMemo, useRef } from 'react';
import type { Layer4Rule } from '../../../core/api/endpoints/layer4.js';
import { formatDateTime } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { FastTable, type FastColumn } from '../../../core/ui/parts/fast-table.js';
import { NavLink } from '../../../core/ui/parts/nav-link.js';
import { ReadOnlyMark, useReadOnlyReason } from '../../../core/ui/parts/read-only.js';
import { StatusTag } from '../../../core/ui/parts/status-tag.js';
import { useForwardingStatuses } from '../../layer4-shared/status.js';

/** Props of {@link RuleTable}. */
export interface RuleTableProps {
  rules: readonly Layer4Rule[];
  busy: boolean;
  selection: ReadonlySet<number>;
  /** Route of a rule's console. */
  detailRoute: string;
  onToggle: (ids: readonly number[], on: boolean) => void;
  onEdit: (rule: Layer4Rule) => void;
  onDelete: (rule: Layer4Rule) => void;
}

const nameOf = (rule: Layer4Rule) => `${rule.protocol.toUpperCase()} ${rule.rule_port}`;

/** The table of one page of rules. */
export function RuleTable(props: RuleTableProps) {
  const { language } = useElement();
  const t = useT();
  const statuses = useForwardingStatuses();
  const reason = useReadOnlyReason('layer4');
  // The columns stay one array (FastTable renders every row again for a new one); the cells call the latest props.
  const latest = useRef(props);
  latest.current = props;

  const columns = useMemo((): FastColumn<Layer4Rule>[] => {
    const select: FastColumn<Layer4Rule> = {
      key: 'select',
      className: 'ec-select-column',
      header: () => {
        const current = latest.current;
        const shown = current.rules.filter((rule) => rule.editable);
        return (
          <input
            type="checkbox"
            className="ec-check"
            checked={shown.length > 0 && shown.every((rule) => current.selection.has(rule.id))}
            disabled={shown.length === 0}
            aria-label={t('row.select-page')}
            onChange={(event) => current.onToggle(shown.map((rule) => rule.id), event.target.checked)}
          />
        );
      },
      cell: (rule) =>
        rule.editable ? (
          <input
            type="checkbox"
            className="ec-check"
            checked={latest.current.selection.has(rule.id)}
            aria-label={t('row.select', { name: nameOf(rule) })}
            onChange={(event) => latest.current.onToggle([rule.id], event.target.checked)}
          />
        ) : null,
    };
    const actions = (rule: Layer4Rule) => {
      const handlers = latest.current;
      if (!rule.editable) return <ReadOnlyMark reason={reason} />;
      return (
        <div className="ec-row ec-row-actions">
          <Button type="button" text size="small" label={t('row.edit')} aria-label={t('row.edit-of', { name: nameOf(rule) })} onClick={() => handlers.onEdit(rule)} />
          <ConfirmPopover message={t('row.confirm-delete', { name: nameOf(rule) })} danger confirmLabel={t('row.delete')} onConfirm={() => handlers.onDelete(rule)}>
            {(trigger) => <Button type="button" text size="small" severity="danger" label={t('row.delete')} aria-label={t('row.delete-of', { name: nameOf(rule) })} {...trigger} />}
          </ConfirmPopover>
        </div>
      );
    };
    return [
      select,
      {
        key: 'port',
        className: 'ec-col-primary ec-nowrap',
        header: t('column.rule-port'),
        cell: (rule) => (
          <NavLink route={latest.current.detailRoute} params={{ id: rule.id }} aria-label={t('row.console', { name: nameOf(rule) })}>
            {String(rule.rule_port)}
          </NavLink>
        ),
      },
      { key: 'protocol', className: 'ec-nowrap', header: t('column.protocol'), cell: (rule) => t(`protocol.${rule.protocol}`) },
      // The forwarding status right after the rule it describes: on a narrow window the later columns scroll under the
      // actions column, and the status is what a person opens this list to see.
      { key: 'status', className: 'ec-nowrap', header: t('column.status'), cell: (rule) => <StatusTag settings={statuses} value={rule.status} /> },
      {
        key: 'sources',
        header: t('column.sources'),
        title: t('column.sources'),
        truncate: (rule) => rule.source_ips.map((address) => (address.includes(':') ? `[${address}]:${rule.source_port}` : `${address}:${rule.source_port}`)).join(', '),
      },
      { key: 'type', className: 'ec-nowrap', header: t('column.type'), title: t('column.type'), hideable: true, cell: (rule) => t(`type.${rule.type}`) },
      { key: 'remark', header: t('column.remark'), title: t('column.remark'), hideable: true, truncate: (rule) => rule.remark },
      { key: 'package', className: 'ec-nowrap', header: t('column.package'), title: t('column.package'), hideable: true, cell: (rule) => rule.package_name },
      { key: 'lb', className: 'ec-nowrap', header: t('column.lb-mode'), title: t('column.lb-mode'), hideable: true, cell: (rule) => t(`lb.${rule.lb_mode}`) },
      {
        key: 'due',
        className: 'ec-nowrap',
        header: t('column.due'),
        title: t('column.due'),
        hideable: true,
        cell: (rule) => (rule.due_time ? formatDateTime(rule.due_time, language) : t('row.no-due')),
      },
      { key: 'actions', className: 'ec-col-actions', header: t('column.actions'), cell: actions },
    ];
  }, [t, language, statuses, reason]);

  return (
    <FastTable
      rows={props.rules}
      rowKey={(rule) => rule.id}
      columns={columns}
      label={t('table')}
      busy={props.busy}
      busyLabel={t('loading')}
      rowState={(rule) => `${props.selection.has(rule.id)}`}
      columnsKey="layer4-rules"
    />
  );
}
