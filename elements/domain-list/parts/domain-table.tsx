/**
 * The table of `<ec-domain-list>`: one server page of websites with every field of rules §3 (domain, type, remark,
 * status with its reason or the 503 notice, access mode and connection, CNAME with copy, origins, group, traffic
 * routing and network type, certificate, due date and auto renewal) and the row actions. Sorting and paging ask the
 * server ("lazy"), and the table never holds more than one page. It is a {@link FastTable}, not PrimeReact's
 * DataTable, which costs about 5 ms per row here (see fast-table.tsx and test/bench/domain-list.bench.ts). Selection
 * is a checkbox column over the store's selection (ids, or "all matching" with exceptions): ticking renders again only
 * the rows whose box changed.
 *
 * Issue 19: the table fits its container (it scrolls inside its own wrapper; the checkbox and domain columns stay in
 * view on the left, the actions on the right), the domain, remark and CNAME are cut with a tip and a copy button,
 * secondary columns can be hidden (remembered as `domain-list.websites`), and a website the caller may not change
 * (`editable` from the server, rules §6) offers no checkbox and shows "View only" with the reason instead of its
 * edit, suspend and delete actions.
 */
import type { ReadonlySignal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useRef } from 'react';
import type { WebsiteInfo } from '../../../core/api/endpoints/websites.js';
import { formatDate } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { FastTable, type FastColumn } from '../../../core/ui/parts/fast-table.js';
import { NavLink } from '../../../core/ui/parts/nav-link.js';
import { ReadOnlyMark } from '../../../core/ui/parts/read-only.js';
import { StatusTag, type StatusSetting } from '../../../core/ui/parts/status-tag.js';
import type { DomainListSort, DomainSelection } from '../store.js';
import {
  ACCESS_MODE_KEYS,
  ACCESS_STATUS_KEYS,
  LINE_KEYS,
  NETWORK_TYPE_KEYS,
  reasonText,
  TRAFFIC_MODE_KEYS,
  TYPE_KEYS,
} from '../vocabulary.js';

/** What a row action asks for. */
export type RowAction = 'edit' | 'suspend' | 'enable' | 'delete';

/** Props of {@link DomainTable}. */
export interface DomainTableProps {
  list: readonly WebsiteInfo[];
  busy: boolean;
  sort: DomainListSort | null;
  statusTags: readonly StatusSetting[];
  /** The selection; each row's checkbox follows it on its own, so ticking never renders the rows again. */
  selection: ReadonlySignal<DomainSelection>;
  /** Whether a site is ticked. */
  isSelected: (id: number) => boolean;
  /** Sites whose action is in flight. */
  working: ReadonlySet<number>;
  onToggle: (id: number, on: boolean) => void;
  onTogglePage: (on: boolean) => void;
  onSort: (sort: DomainListSort | null) => void;
  onAction: (action: RowAction, site: WebsiteInfo, trigger: HTMLElement) => void;
  /** Host route of a website's console (the `layout` attribute's), the target of each row's console link. */
  consoleRoute: string;
  /** Why a website the caller may not change is read-only (useReadOnlyReason). */
  readOnlyReason: string;
}

/** Where the user's hidden columns of the website table are remembered. */
export const DOMAIN_TABLE_COLUMNS_KEY = 'domain-list.websites';

/** Props of {@link SelectBox}. */
interface SelectBoxProps {
  site: WebsiteInfo;
  label: string;
  selection: ReadonlySignal<DomainSelection>;
  isSelected: (id: number) => boolean;
  onToggle: (id: number, on: boolean) => void;
}

/** One row's checkbox: it subscribes to the selection itself (signals), so selecting 100 rows renders 100 inputs. */
function SelectBox({ site, label, selection, isSelected, onToggle }: SelectBoxProps) {
  useSignals();
  void selection.value;
  return <input type="checkbox" className="ec-check" checked={isSelected(site.id)} aria-label={label} onChange={(event) => onToggle(site.id, event.target.checked)} />;
}

/** The website rows. */
export function DomainTable(props: DomainTableProps) {
  const { list, busy, sort, selection, isSelected, working, onSort, consoleRoute, readOnlyReason } = props;
  const { language } = useElement();
  const t = useT('domain-list');
  const tRules = useT('rules');
  const pageBox = useRef<HTMLInputElement>(null);
  // The columns are built once per language; their handlers read the latest props through this ref, so a new
  // callback from the parent does not render every row again.
  const latest = useRef(props);
  latest.current = props;

  // Only websites the caller may change can be picked for a batch action (rules §6).
  const selectable = list.filter((site) => site.editable);
  const ticked = selectable.filter((site) => isSelected(site.id)).length;
  const all = selectable.length > 0 && ticked === selectable.length;

  useEffect(() => {
    // The native checkbox carries the mixed state, so assistive technology announces "partially checked".
    if (pageBox.current) pageBox.current.indeterminate = ticked > 0 && !all;
  }, [ticked, all]);

  const columns = useMemo((): FastColumn<WebsiteInfo>[] => {
    // Every row asks for the same dozen labels and five "… {domain}" names: each is translated once per language here
    // and reused, since i18next's lookup and interpolation cost more than the rest of a row's rendering.
    const labels = new Map<string, string>();
    const label = (key: string): string => {
      let text = labels.get(key);
      if (text === undefined) {
        text = t(key);
        labels.set(key, text);
      }
      return text;
    };
    const MARK = '\u0000';
    const forDomain = (key: string, domain: string): string => {
      let pattern = labels.get(`${key}${MARK}`);
      if (pattern === undefined) {
        pattern = t(key, { domain: MARK });
        labels.set(`${key}${MARK}`, pattern);
      }
      return pattern.replace(MARK, domain);
    };
    const act = (action: RowAction, site: WebsiteInfo) => (event: { currentTarget: HTMLElement }) => latest.current.onAction(action, site, event.currentTarget);
    const selectHeader = () => {
      const { list: rows, isSelected: selected, onTogglePage } = latest.current;
      const open = rows.filter((site) => site.editable);
      const count = open.filter((site) => selected(site.id)).length;
      return (
        <input
          ref={pageBox}
          type="checkbox"
          className="ec-check"
          checked={open.length > 0 && count === open.length}
          disabled={open.length === 0}
          aria-label={label('select.page')}
          onChange={(event) => onTogglePage(event.target.checked)}
        />
      );
    };
    return [
      {
        key: 'select',
        className: 'ec-select-column',
        header: selectHeader,
        cell: (site) =>
          site.editable && (
          <SelectBox
            site={site}
            label={forDomain('select.row', site.domain)}
            selection={selection}
            isSelected={latest.current.isSelected}
            onToggle={latest.current.onToggle}
          />
          ),
      },
      {
        key: 'domain',
        className: 'ec-col-primary ec-col-domain',
        sortField: 'domain',
        header: label('column.domain'),
        title: label('column.domain'),
        truncate: (site) => site.domain,
      },
      {
        key: 'type',
        className: 'ec-col-type',
        header: label('column.type'),
        title: label('column.type'),
        hideable: true,
        cell: (site) => label(TYPE_KEYS[site.type]),
      },
      {
        key: 'remark',
        className: 'ec-col-remark',
        header: label('column.remark'),
        title: label('column.remark'),
        hideable: true,
        truncate: (site) => site.remark,
      },
      {
        key: 'status',
        className: 'ec-col-status',
        sortField: 'status',
        header: label('column.status'),
        cell: (site) => (
          <div className="ec-status-cell">
            <StatusTag settings={latest.current.statusTags} value={site.status} />
            {site.status === 'approval_failed' && site.status_reason && (
              <span className="ec-error-text ec-small">{t('status.reason', { reason: reasonText(tRules, site.status_reason) })}</span>
            )}
            {site.status === 'suspended' && <span className="ec-muted ec-small">{label('notice.returns-503')}</span>}
          </div>
        ),
      },
      {
        key: 'access',
        className: 'ec-col-access',
        header: label('column.access'),
        title: label('column.access'),
        hideable: true,
        cell: (site) => (
          <div className="ec-stack-tight">
            <span>{label(ACCESS_MODE_KEYS[site.access_mode])}</span>
            <span className={`ec-small ${site.access_status === 'connected' ? 'ec-ok-text' : 'ec-muted'}`}>{label(ACCESS_STATUS_KEYS[site.access_status])}</span>
          </div>
        ),
      },
      {
        key: 'cname',
        className: 'ec-col-cname',
        header: label('column.cname'),
        title: label('column.cname'),
        hideable: true,
        truncate: (site) => site.cname,
      },
      {
        key: 'origins',
        className: 'ec-col-origins',
        header: label('column.origins'),
        title: label('column.origins'),
        hideable: true,
        cell: (site) =>
          site.origins.length === 0 ? (
            <span className="ec-muted">{label('origins.none')}</span>
          ) : (
            <ul className="ec-origins">
              {site.origins.slice(0, 2).map((origin, index) => (
                <li key={index}>
                  {origin.address.includes(':') ? `[${origin.address}]` : origin.address}:{origin.port}{' '}
                  <span className="ec-muted ec-small">{label(LINE_KEYS[origin.line])}</span>
                </li>
              ))}
              {site.origins.length > 2 && <li className="ec-muted ec-small">{t('origins.more', { count: site.origins.length - 2 })}</li>}
            </ul>
          ),
      },
      {
        key: 'group',
        className: 'ec-col-group',
        header: label('column.group'),
        title: label('column.group'),
        hideable: true,
        cell: (site) => site.group_name || <span className="ec-muted">{label('group.none')}</span>,
      },
      {
        key: 'routing',
        className: 'ec-col-routing',
        header: label('column.routing'),
        title: label('column.routing'),
        hideable: true,
        cell: (site) => (
          <div className="ec-stack-tight">
            <span>{label(TRAFFIC_MODE_KEYS[site.traffic_mode])}</span>
            <span className="ec-muted ec-small">{label(NETWORK_TYPE_KEYS[site.network_type])}</span>
          </div>
        ),
      },
      {
        key: 'certificate',
        className: 'ec-col-certificate',
        header: label('column.certificate'),
        title: label('column.certificate'),
        hideable: true,
        cell: (site) => (
          <div className="ec-stack-tight">
            <span>{site.certificate_name || (site.certificate_id ? `#${site.certificate_id}` : label('certificate.none'))}</span>
            <span className="ec-muted ec-small">{site.https ? label('https.on') : label('https.off')}</span>
          </div>
        ),
      },
      {
        key: 'due',
        className: 'ec-col-due',
        sortField: 'expire_time',
        header: label('column.due'),
        title: label('column.due'),
        hideable: true,
        cell: (site) => (
          <div className="ec-stack-tight">
            <span className="ec-nowrap">{site.expire_time ? formatDate(site.expire_time, language) : label('due.none')}</span>
            <span className="ec-muted ec-small">{site.auto_renew ? label('due.auto-renew') : label('due.manual-renew')}</span>
          </div>
        ),
      },
      {
        key: 'actions',
        className: 'ec-col-actions',
        header: label('column.actions'),
        cell: (site) => {
          const disabled = latest.current.working.has(site.id);
          const console = (
            <NavLink route={consoleRoute} params={{ id: site.id }} aria-label={forDomain('action.console-of', site.domain)}>
              {label('action.console')}
            </NavLink>
          );
          if (!site.editable) {
            return (
              <div className="ec-row-actions">
                {console}
                <ReadOnlyMark reason={readOnlyReason} />
              </div>
            );
          }
          return (
            <div className="ec-row-actions">
              {console}
              <button type="button" className="ec-link" disabled={disabled} onClick={act('edit', site)} aria-label={forDomain('action.edit-of', site.domain)}>
                {label('action.edit')}
              </button>
              {site.status === 'suspended' ? (
                <button type="button" className="ec-link" disabled={disabled} onClick={act('enable', site)} aria-label={forDomain('action.enable-of', site.domain)}>
                  {label('action.enable')}
                </button>
              ) : (
                <button
                  type="button"
                  className="ec-link"
                  disabled={disabled || site.status === 'pending_approval' || site.status === 'approval_failed'}
                  onClick={act('suspend', site)}
                  aria-label={forDomain('action.suspend-of', site.domain)}
                >
                  {label('action.suspend')}
                </button>
              )}
              <button type="button" className="ec-link ec-danger-link" disabled={disabled} onClick={act('delete', site)} aria-label={forDomain('action.delete-of', site.domain)}>
                {label('action.delete')}
              </button>
            </div>
          );
        },
      },
    ];
  }, [t, tRules, language, selection, consoleRoute, readOnlyReason]);

  return (
    <FastTable
      rows={list}
      rowKey={(site) => site.id}
      columns={columns}
      label={t('table-label')}
      busy={busy}
      busyLabel={t('loading')}
      sort={sort}
      onSort={(next) => onSort(next as DomainListSort | null)}
      rowState={(site) => (working.has(site.id) ? 'working' : '')}
      // Ten rows (about 750 layout objects) a frame keeps each frame of a 100-row page well inside its budget.
      chunkSize={10}
      columnsKey={DOMAIN_TABLE_COLUMNS_KEY}
    />
  );
}
