/**
 * Forwarding packages (rules §2): a business's ports forwarded to its origin, up to 1000 at once (rules §5 "1000 for
 * the application product"), checked as typed by core/rules/sdk.ts (layer-4's port list with the product's limit).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useState } from 'react';
import { LAYER4_PROTOCOLS } from '../../../core/api/endpoints/layer4.js';
import { deleteSdkPackage, listSdkPackages, saveSdkPackage, type SdkPackage } from '../../../core/api/endpoints/sdk.js';
import { L4_PORTS_MAX_APPLICATION } from '../../../core/rules/origin.js';
import { validateSdkPackage } from '../../../core/rules/sdk.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { useDraft } from '../../../core/ui/use-draft.js';
import type { SdkViewProps } from '../sdk.js';
import { useLoaded, type SdkStore } from '../store.js';
import { ConfirmedAction, RowAction, RowActions, SdkListTable, type SdkColumn, type SdkPage } from './list-table.js';
import { Issues } from './shared.js';

/** "10000-10999, 443": consecutive ports folded into ranges, for the form and the table. */
function portText(ports: readonly number[]): string {
  const parts: string[] = [];
  for (let index = 0; index < ports.length; ) {
    let end = index;
    while (end + 1 < ports.length && ports[end + 1] === ports[end]! + 1) end += 1;
    parts.push(end === index ? String(ports[index]) : `${ports[index]}-${ports[end]}`);
    index = end + 1;
  }
  return parts.join(', ');
}

function PackageDialog({ pack, store, onSaved, onCancel }: { pack?: SdkPackage; store: SdkStore; onSaved: () => void; onCancel: () => void }) {
  useSignals();
  const t = useT('sdk');
  const { client } = useElement();
  const base = useId();
  const save = useSave();
  const businesses = store.businesses.value.status === 'ready' ? store.businesses.value.value : [];
  const [draft, setDraft, drafted] = useDraft(`sdk-package:${pack?.id ?? 'new'}`, () => ({
    name: pack?.name ?? '',
    business_id: pack?.business_id ?? store.chosen.value,
    protocol: pack?.protocol ?? 'tcp',
    ports: pack ? portText(pack.ports) : '',
    sources: pack?.source_ips.join('\n') ?? '',
    source_port: pack ? String(pack.source_port) : '',
  }));
  const [tried, setTried] = useState(false);
  const form = { ...draft, source_ips: draft.sources.split(/\s+/).filter((ip) => ip !== '') };
  const issues = [...(tried ? validateSdkPackage(form).issues : []), ...save.issues];
  const issuesOf = (field: string) => issues.filter((entry) => entry.field === field);
  const submit = async () => {
    setTried(true);
    if (validateSdkPackage(form).issues.length > 0) return;
    const input = { name: draft.name, business_id: draft.business_id, protocol: draft.protocol, ports: draft.ports, source_ips: form.source_ips, source_port: Number(draft.source_port), ...(pack ? { id: pack.id } : {}) };
    const outcome = await save.run(() => saveSdkPackage(client, input, { notify: false }));
    if (!outcome.ok) return;
    drafted.discard();
    onSaved();
  };
  const cancel = () => {
    drafted.discard();
    onCancel();
  };
  const id = (field: string) => `${base}-${field}`;
  const described = (field: string, hint = false) => (hint ? `${id(field)}-hint ${id(field)}-issues` : `${id(field)}-issues`);
  return (
    <EcDialog
      visible
      onHide={cancel}
      header={pack ? t('package.edit-title', { name: pack.name }) : t('package.create-title')}
      error={save.error}
      footer={<DialogFooter onCancel={cancel} onConfirm={() => void submit()} busy={save.saving} />}
    >
      <div className="ec-stack">
        <div className="ec-field">
          <label htmlFor={id('name')}>{t('package.name')}</label>
          <input id={id('name')} className="p-inputtext p-component" value={draft.name} aria-invalid={issuesOf('name').length > 0} aria-describedby={described('name')} onChange={(event) => setDraft({ ...draft, name: event.target.value })} />
          <Issues id={`${id('name')}-issues`} issues={issuesOf('name')} />
        </div>
        <div className="ec-field">
          <label htmlFor={id('business')}>{t('package.business')}</label>
          <select id={id('business')} className="p-inputtext p-component" value={draft.business_id ?? ''} aria-describedby={described('business_id')} onChange={(event) => setDraft({ ...draft, business_id: event.target.value === '' ? null : Number(event.target.value) })}>
            <option value="">{t('package.choose-business')}</option>
            {businesses.map((business) => (
              <option key={business.id} value={business.id}>
                {business.name}
              </option>
            ))}
          </select>
          <Issues id={`${id('business_id')}-issues`} issues={issuesOf('business_id')} />
        </div>
        <div className="ec-field">
          <label htmlFor={id('protocol')}>{t('package.protocol')}</label>
          <select id={id('protocol')} className="p-inputtext p-component" value={draft.protocol} onChange={(event) => setDraft({ ...draft, protocol: event.target.value as 'tcp' | 'udp' })}>
            {LAYER4_PROTOCOLS.map((protocol) => (
              <option key={protocol} value={protocol}>
                {protocol.toUpperCase()}
              </option>
            ))}
          </select>
        </div>
        <div className="ec-field">
          <label htmlFor={id('ports')}>{t('package.ports')}</label>
          <textarea id={id('ports')} className="p-inputtextarea p-inputtext p-component" rows={2} value={draft.ports} aria-invalid={issuesOf('ports').length > 0} aria-describedby={described('ports', true)} onChange={(event) => setDraft({ ...draft, ports: event.target.value })} />
          <small id={`${id('ports')}-hint`} className="ec-muted">
            {t('package.ports-hint', { max: L4_PORTS_MAX_APPLICATION })}
          </small>
          <Issues id={`${id('ports')}-issues`} issues={issuesOf('ports')} />
        </div>
        <div className="ec-field">
          <label htmlFor={id('sources')}>{t('package.sources')}</label>
          <textarea id={id('sources')} className="p-inputtextarea p-inputtext p-component" rows={3} value={draft.sources} aria-invalid={issuesOf('source_ips').length > 0} aria-describedby={`${id('sources')}-hint ${id('source_ips')}-issues`} onChange={(event) => setDraft({ ...draft, sources: event.target.value })} />
          <small id={`${id('sources')}-hint`} className="ec-muted">
            {t('package.sources-hint')}
          </small>
          <Issues id={`${id('source_ips')}-issues`} issues={issuesOf('source_ips')} />
        </div>
        <div className="ec-field">
          <label htmlFor={id('source_port')}>{t('package.source-port')}</label>
          <input id={id('source_port')} className="p-inputtext p-component" inputMode="numeric" value={draft.source_port} aria-invalid={issuesOf('source_port').length > 0} aria-describedby={described('source_port')} onChange={(event) => setDraft({ ...draft, source_port: event.target.value })} />
          <Issues id={`${id('source_port')}-issues`} issues={issuesOf('source_port')} />
        </div>
      </div>
    </EcDialog>
  );
}

/** The package list. */
export function Packages({ store }: SdkViewProps) {
  const t = useT('sdk');
  const { client } = useElement();
  const remove = useSave();
  const [page, setPage] = useState<SdkPage>({ page: 1, perPage: 10 });
  const [editing, setEditing] = useState<SdkPackage | 'new' | null>(null);
  useEffect(() => store.ensureBusinesses(), [store]);
  const [state, reload] = useLoaded(() => listSdkPackages(client, { page: page.page, per_page: page.perPage }), [client, page]);

  const destroy = async (pack: SdkPackage) => {
    const outcome = await remove.run(() => deleteSdkPackage(client, pack.id, { notify: false }));
    if (outcome.ok) reload();
  };
  const columns: SdkColumn<SdkPackage>[] = [
    { key: 'name', header: t('package.name'), cell: (pack) => pack.name },
    { key: 'business', header: t('package.business'), cell: (pack) => pack.business },
    { key: 'protocol', header: t('package.protocol'), cell: (pack) => pack.protocol.toUpperCase() },
    {
      key: 'ports',
      header: t('package.ports'),
      cell: (pack) => (
        <>
          {portText(pack.ports)}
          <div className="ec-muted">{t('package.port-count', { count: pack.ports.length })}</div>
        </>
      ),
    },
    { key: 'sources', header: t('package.sources'), cell: (pack) => pack.source_ips.join(', ') },
    { key: 'source-port', header: t('package.source-port'), cell: (pack) => pack.source_port },
    {
      key: 'actions',
      header: t('actions'),
      cell: (pack) => (
        <RowActions>
          <RowAction label={t('business.edit')} name={pack.name} onClick={() => setEditing(pack)} />
          <ConfirmedAction label={t('business.delete')} name={pack.name} message={t('package.delete-confirm', { name: pack.name })} danger onConfirm={() => void destroy(pack)} />
        </RowActions>
      ),
    },
  ];
  return (
    <div className="ec-stack">
      <div className="ec-row" part="toolbar">
        <button type="button" className="p-button p-component p-button-sm" onClick={() => setEditing('new')}>
          <span className="pi pi-plus" aria-hidden="true" /> {t('package.create')}
        </button>
      </div>
      <SdkListTable state={state} columns={columns} rowKey={(pack) => pack.id} empty={t('package.empty')} onRetry={reload} page={page} onPage={setPage} actionError={remove.error} />
      {editing !== null ? (
        <PackageDialog
          pack={editing === 'new' ? undefined : editing}
          store={store}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
    </div>
  );
}
