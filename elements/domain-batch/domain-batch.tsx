/**
 * `<ec-domain-batch mode="add|delete|setting">`: batch add, batch delete and batch setting of websites (rules §2, §5,
 * §8, §9). Each goes the same way: the form, checked in the browser with the rules the server uses; a per-row preview
 * from the server's dry run; the submission (delete asks once more); and the result summary with each website's
 * outcome and reason.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import type { WebsiteBatchAnswer } from '../../core/api/endpoints/websites.js';
import { discardDraft } from '../../core/session/drafts.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { DOMAIN_ADDED_EVENT, DOMAIN_DELETED_EVENT, DOMAIN_SETTINGS_APPLIED_EVENT, succeeded } from '../domain-list/events.js';
import { ConfirmActionDialog } from '../domain-list/parts/list-dialogs.js';
import { OutcomeSummary, OutcomeTable } from '../domain-list/parts/outcome-table.js';
import { ProvisioningProgress } from '../domain-list/parts/provisioning-progress.js';
import { domainRoutes } from '../domain-list/routes.js';
import { BATCH_ADD_DRAFT, BatchAddFormView } from './parts/batch-add-form.js';
import { BatchDeleteForm } from './parts/batch-delete-form.js';
import { BatchSettingForm } from './parts/batch-setting-form.js';
import { domainBatchStoreFor, type BatchMode, type BatchRequest } from './store.js';
import { NavLink } from '../../core/ui/parts/nav-link.js';
import { ReadOnlyNotice, useModuleAccess } from '../../core/ui/parts/read-only.js';

/** Props of the component (attributes of the element). */
export interface DomainBatchProps {
  /** `add` (default), `delete` or `setting`. */
  mode?: string;
  /** `old` asks for the old menu layout's routes with `ec-navigate`; default `new`. */
  layout?: string;
}

const TITLE_KEYS: Record<BatchMode, string> = { add: 'add.title', delete: 'delete.title', setting: 'setting.title' };
const INTRO_KEYS: Record<BatchMode, string> = { add: 'add.intro', delete: 'delete.intro', setting: 'setting.intro' };
const SUBMIT_KEYS: Record<BatchMode, string> = { add: 'add.submit', delete: 'delete.submit', setting: 'setting.submit' };
const WILL_KEYS: Record<BatchMode, string> = { add: 'add.will', delete: 'delete.will', setting: 'setting.will' };
const DONE_KEYS: Record<BatchMode, string> = { add: 'add.done', delete: 'delete.done', setting: 'setting.done' };

/** The batch page. */
export function DomainBatch({ mode, layout }: DomainBatchProps) {
  useSignals();
  const { client, host, emit } = useElement();
  const t = useT();
  const store = domainBatchStoreFor(host);
  const kind: BatchMode = mode === 'delete' || mode === 'setting' ? mode : 'add';
  const routes = domainRoutes(layout);
  const [request, setRequest] = useState<BatchRequest | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Rules §6, issue 19: a group that may only view websites sees the page with its form disabled and the reason
  // above it, instead of a preview the server would refuse.
  const access = useModuleAccess('domain');
  const readOnly = access === 'read' || access === 'none';
  const phase = store.phase.value;
  const preview = store.preview.value;
  const result = store.result.value;

  const onPreview = (next: BatchRequest) => {
    setRequest(next);
    void store.submit(client, next, true);
  };

  const announce = (answer: WebsiteBatchAnswer) => {
    const done = succeeded(answer.results);
    if (done.ids.length === 0) return;
    if (kind === 'add') {
      discardDraft(BATCH_ADD_DRAFT);
      emit(DOMAIN_ADDED_EVENT, done);
    } else if (kind === 'delete') emit(DOMAIN_DELETED_EVENT, done);
    else emit(DOMAIN_SETTINGS_APPLIED_EVENT, { ids: done.ids });
  };

  const submit = async () => {
    setConfirming(false);
    if (!request) return;
    const answer = await store.submit(client, request, false);
    if (answer) announce(answer);
  };

  useEffect(() => {
    void store.loadContext(client);
  }, [store, client]);
  useEffect(() => {
    store.reset();
  }, [store, kind]);

  return (
    <div className="ec-root ec-stack ec-domain-batch" data-mode={kind}>
      <h3 className="ec-section-title">{t(TITLE_KEYS[kind])}</h3>
      <p className="ec-muted">{t(INTRO_KEYS[kind])}</p>
      {/* The form stays mounted under the preview, so going back keeps what was typed and ticked. */}
      <ReadOnlyNotice module="domain" />
      <div hidden={phase !== 'input'} part="form">
        <fieldset className="ec-plain-fieldset" disabled={readOnly}>
          {kind === 'add' && <BatchAddFormView store={store} onPreview={onPreview} />}
          {kind === 'delete' && <BatchDeleteForm store={store} onPreview={onPreview} />}
          {kind === 'setting' && <BatchSettingForm store={store} onPreview={onPreview} />}
        </fieldset>
      </div>
      {phase === 'preview' && preview && (
        <section className="ec-stack" part="preview" aria-label={t('preview-title')}>
          <h4 className="ec-section-title">{t('preview-title')}</h4>
          <OutcomeSummary results={preview.results} />
          <OutcomeTable results={preview.results} okLabel={t(WILL_KEYS[kind])} label={t('preview-title')} />
          <div className="ec-row ec-wizard-footer">
            <Button type="button" outlined label={t('back-to-edit')} onClick={store.edit} />
            <Button
              type="button"
              severity={kind === 'delete' ? 'danger' : undefined}
              label={t(SUBMIT_KEYS[kind], { count: preview.succeeded })}
              disabled={preview.succeeded === 0}
              loading={store.sending.value}
              onClick={() => (kind === 'delete' ? setConfirming(true) : void submit())}
            />
          </div>
        </section>
      )}
      {phase === 'result' && result && (
        <section className="ec-stack" part="result" aria-label={t('result-title')}>
          <h4 className="ec-section-title">{t('result-title')}</h4>
          <OutcomeSummary results={result.results} />
          <OutcomeTable results={result.results} okLabel={t(DONE_KEYS[kind])} label={t('result-title')} />
          {result.job_id !== null && <ProvisioningProgress jobId={result.job_id} />}
          <div className="ec-row ec-wizard-footer">
            <Button type="button" outlined label={t('start-over')} onClick={store.reset} />
            <NavLink appearance="button" route={routes.list}>
              {t('back-to-list')}
            </NavLink>
          </div>
        </section>
      )}
      {confirming && preview && (
        <ConfirmActionDialog
          header={t('delete.confirm-title')}
          message={t('delete.confirm', { count: preview.succeeded })}
          confirmLabel={t('delete.submit', { count: preview.succeeded })}
          danger
          busy={store.sending.value}
          onConfirm={() => void submit()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
