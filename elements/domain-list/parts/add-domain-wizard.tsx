/**
 * The add-domain wizard of `<ec-domain-list>` (rules §5 Websites and templates, Origin and performance; rules §6
 * package gating), shown for `view="add"` or from the list's "Add domain" button:
 *
 * 1. domains, one per line (format, length 255, at most 500, no duplicates: each bad line is named with its message),
 *    the template (required), type, group and remark (4-32);
 * 2. origins: at least one primary line, IPv4, IPv6 or domain, ports, protocol, balancing, weight, backup lines; HTTPS
 *    only where the plan allows it, with the upgrade or work-order notice otherwise;
 * 3. review: the server's dry run lists what will happen to each domain;
 * 4. result: each domain added or refused with its reason.
 *
 * What is typed is kept as a draft (sessionStorage) until the websites are added, so an expired session or a reload
 * loses nothing.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useId, useMemo, useState } from 'react';
import { ApiError, VALIDATION_FAILED_CODE, type FieldIssue } from '../../../core/api/catalogue.js';
import {
  addWebsites,
  getWebsite,
  UNGROUPED,
  WEBSITE_TYPES,
  type LoadBalancing,
  type OriginProtocol,
  type WebsiteAddRequest,
  type WebsiteBatchAnswer,
  type WebsiteType,
} from '../../../core/api/endpoints/websites.js';
import { planGate } from '../../../core/config/plan-gating.js';
import { validateWebsite, validateWebsiteDomains, validateWebsiteOrigins } from '../../../core/rules/websites.js';
import { currentUser } from '../../../core/session/session.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { useDraft } from '../../../core/ui/use-draft.js';
import { WIZARD_STEPS, type DomainListStore, type WizardStep } from '../store.js';
import { TYPE_KEYS } from '../vocabulary.js';
import { DomainLinesField } from './domain-lines-field.js';
import { newOriginRow, OriginEditor, toOrigins, type OriginRow } from './origin-editor.js';
import { OutcomeSummary, OutcomeTable } from './outcome-table.js';
import { ProvisioningProgress } from './provisioning-progress.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';
import { PlanRefusalNotices } from '../../../core/ui/parts/plan-refusals.js';
import { PlanNoticeLink } from '../../../core/ui/parts/nav-link.js';

type Step = WizardStep;
const STEP_KEYS: Record<Step, string> = {
  domains: 'wizard.step-domains',
  origins: 'wizard.step-origins',
  review: 'wizard.step-review',
  result: 'wizard.step-result',
};

/** What the wizard's form holds (kept as the draft). */
export interface AddForm {
  domains: string;
  templateId: number | null;
  type: WebsiteType;
  groupId: number;
  remark: string;
  origins: OriginRow[];
  originProtocol: OriginProtocol;
  loadBalancing: LoadBalancing;
  https: boolean;
}

const EMPTY_FORM: AddForm = {
  domains: '',
  templateId: null,
  type: 'web',
  groupId: UNGROUPED,
  remark: '',
  origins: [newOriginRow()],
  originProtocol: 0,
  loadBalancing: 1,
  https: false,
};

/** Props of {@link AddDomainWizard}. */
export interface AddDomainWizardProps {
  store: DomainListStore;
  /** Leave the wizard (cancel, or back to the list after the result). */
  onClose: () => void;
  /** The server added websites. */
  onAdded: (answer: WebsiteBatchAnswer) => void;
  /** Open the plan notice's page. */
}

/** The wizard; `part="wizard"`. */
export function AddDomainWizard({ store, onClose, onAdded }: AddDomainWizardProps) {
  useSignals();
  const { client } = useElement();
  const t = useT('domain-list');
  const tRules = useT('rules');
  const tCommon = useT('common');
  const baseId = useId();
  const [form, setForm, draft] = useDraft<AddForm>('domain-list:add', EMPTY_FORM);
  // The step lives in the store's bookmarkable view (issue 19), so a reload or a shared link opens the same step.
  const step: Step = store.wizardStep.value ?? 'domains';
  const setStep = (next: Step) => {
    store.wizardStep.value = next;
  };
  const [tried, setTried] = useState<ReadonlySet<Step>>(new Set());
  const [serverIssues, setServerIssues] = useState<FieldIssue[]>([]);
  const [preview, setPreview] = useState<WebsiteBatchAnswer | null>(null);
  const [result, setResult] = useState<WebsiteBatchAnswer | null>(null);
  // Issue 19 (results tell the truth): the statuses in the result were those at submission ("approval pending");
  // when provisioning ends they are read again, so the table says what the list says. A website that cannot be read
  // keeps what it had.
  const refreshStatuses = async () => {
    const added = (result?.results ?? []).flatMap((outcome) => (outcome.ok && outcome.id !== null ? [outcome.id] : []));
    const fresh = await Promise.all(added.map((id) => getWebsite(client, id).catch(() => null)));
    const statusOf = new Map(fresh.flatMap((site) => (site ? [[site.id, site.status] as const] : [])));
    setResult((current) =>
      current && { ...current, results: current.results.map((outcome) => (outcome.id !== null && statusOf.has(outcome.id) ? { ...outcome, status: statusOf.get(outcome.id) } : outcome)) },
    );
  };
  const [sending, setSending] = useState(false);

  const templates = store.templates.value;
  const groups = store.groups.value;
  const httpsGate = planGate({ action: 'https', allow: (allow) => allow.https }, { actions: store.plan.value.actions, flag: currentUser.value?.flag });
  const lines = useMemo(() => validateWebsiteDomains(form.domains), [form.domains]);
  const domainIssues = useMemo(
    () => validateWebsite({ domains: form.domains, templateId: form.templateId, remark: form.remark }),
    [form.domains, form.templateId, form.remark],
  );
  const originIssues = useMemo(() => validateWebsiteOrigins(form.origins), [form.origins]);
  const issues = [...domainIssues, ...originIssues, ...serverIssues];
  const update = (patch: Partial<AddForm>) => {
    setServerIssues([]);
    setForm((previous) => ({ ...previous, ...patch }));
  };
  const message = (field: string, shown: boolean) => {
    if (!shown) return null;
    const found = issues.find((item) => item.field === field);
    return found ? tRules(found.key, found.values ?? {}) : null;
  };

  const request = (dryRun: boolean): WebsiteAddRequest => ({
    domains: lines.entries,
    template_id: form.templateId,
    type: form.type,
    origins: toOrigins(form.origins),
    origin_protocol: form.originProtocol,
    load_balancing: form.loadBalancing,
    https: form.https && httpsGate.allowed,
    remark: form.remark.trim() || undefined,
    group_id: form.groupId === UNGROUPED ? null : form.groupId,
    dry_run: dryRun,
  });

  const send = async (dryRun: boolean): Promise<WebsiteBatchAnswer | null> => {
    setSending(true);
    try {
      return await addWebsites(client, request(dryRun));
    } catch (error) {
      if (error instanceof ApiError && error.code === VALIDATION_FAILED_CODE) {
        const found = ((error.data as { errors?: FieldIssue[] } | undefined)?.errors ?? []).map((item) =>
          item.field === 'template_id' ? { ...item, field: 'templateId' } : item,
        );
        setServerIssues(found);
        setTried(new Set(['domains', 'origins']));
        setStep(found.some((item) => item.field.startsWith('origins') || item.field === 'https') ? 'origins' : 'domains');
      }
      return null;
    } finally {
      setSending(false);
    }
  };

  const next = async () => {
    setTried(new Set([...tried, step]));
    if (step === 'domains') {
      if (domainIssues.length === 0) setStep('origins');
      return;
    }
    if (step === 'origins') {
      if (originIssues.length > 0) return;
      const answer = await send(true);
      if (answer) {
        setPreview(answer);
        setStep('review');
      }
      return;
    }
    const answer = await send(false);
    if (!answer) return;
    setResult(answer);
    setStep('result');
    draft.discard();
    if (answer.succeeded > 0) onAdded(answer);
  };

  const restart = () => {
    setForm(EMPTY_FORM);
    draft.discard();
    setTried(new Set());
    setPreview(null);
    setResult(null);
    setStep('domains');
  };

  const domainsError = message('domains', tried.has('domains'));
  const templateOptions = (templates ?? []).map((template) => ({ value: template.id, label: template.name }));
  const groupOptions = [{ value: UNGROUPED, label: t('group.none') }, ...groups.map((group) => ({ value: group.id, label: group.name }))];
  const typeOptions = WEBSITE_TYPES.map((value) => ({ value, label: t(TYPE_KEYS[value]) }));
  const ids = { domains: `${baseId}-domains`, template: `${baseId}-template`, type: `${baseId}-type`, group: `${baseId}-group`, remark: `${baseId}-remark`, https: `${baseId}-https` };
  const stepIndex = WIZARD_STEPS.indexOf(step);

  const fieldError = (id: string, text: string | null) =>
    text ? (
      <small id={`${id}-error`} className="ec-error-text">
        {text}
      </small>
    ) : null;

  return (
    <section className="ec-wizard ec-stack" part="wizard" aria-labelledby={`${baseId}-title`}>
      <h3 id={`${baseId}-title`} className="ec-section-title">
        {t('wizard.title')}
      </h3>
      <ol className="ec-steps" aria-label={t('wizard.steps')}>
        {WIZARD_STEPS.map((name, index) => (
          <li key={name} className={index < stepIndex ? 'ec-step-done' : index === stepIndex ? 'ec-step-current' : ''} aria-current={index === stepIndex ? 'step' : undefined}>
            <span className="ec-step-number">{index + 1}</span> {t(STEP_KEYS[name])}
          </li>
        ))}
      </ol>
      {draft.restored && step === 'domains' && <p className="ec-muted">{tCommon('session.draft-restored')}</p>}
      {/* Rules §6: what the plan refused on submit (adding websites, HTTPS, WebSocket) with its way out, on every step. */}
      <PlanRefusalNotices issues={serverIssues} />

      {step === 'domains' && (
        <div className="ec-stack">
          <DomainLinesField
            id={ids.domains}
            label={t('field.domains')}
            value={form.domains}
            check={lines}
            error={domainsError}
            showIssues={tried.has('domains')}
            onChange={(domains) => update({ domains })}
          />
          <div className="ec-form-grid">
            <div className="ec-field">
              <label htmlFor={ids.template}>{t('field.template')}</label>
              <Dropdown
                inputId={ids.template}
                value={form.templateId}
                options={templateOptions}
                placeholder={templates === null ? tCommon('state.loading') : templateOptions.length === 0 ? t('field.no-templates') : t('field.template-placeholder')}
                invalid={message('templateId', tried.has('domains')) !== null}
                aria-describedby={`${ids.template}-error`}
                onChange={(event) => update({ templateId: event.value as number })}
                pt={namedDropdown(t('field.template'))}
              />
              {fieldError(ids.template, message('templateId', tried.has('domains')))}
            </div>
            <div className="ec-field">
              <label htmlFor={ids.type}>{t('field.type')}</label>
              <Dropdown inputId={ids.type} value={form.type} options={typeOptions} onChange={(event) => update({ type: event.value as WebsiteType })} pt={namedDropdown(t('field.type'))} />
            </div>
            <div className="ec-field">
              <label htmlFor={ids.group}>{t('field.group')}</label>
              <Dropdown inputId={ids.group} value={form.groupId} options={groupOptions} onChange={(event) => update({ groupId: event.value as number })} pt={namedDropdown(t('field.group'))} />
            </div>
            <div className="ec-field">
              <label htmlFor={ids.remark}>{t('field.remark')}</label>
              <InputText
                id={ids.remark}
                value={form.remark}
                invalid={message('remark', tried.has('domains')) !== null}
                aria-describedby={`${ids.remark}-hint ${ids.remark}-error`}
                onChange={(event) => update({ remark: event.target.value })}
              />
              <small id={`${ids.remark}-hint`} className="ec-muted">
                {t('field.remark-hint')}
              </small>
              {fieldError(ids.remark, message('remark', tried.has('domains')))}
            </div>
          </div>
        </div>
      )}

      {step === 'origins' && (
        <div className="ec-stack">
          <OriginEditor
            origins={form.origins}
            originProtocol={form.originProtocol}
            loadBalancing={form.loadBalancing}
            issues={[...originIssues, ...serverIssues]}
            showIssues={tried.has('origins')}
            onChange={(origins) => update({ origins })}
            onProtocol={(originProtocol) => update({ originProtocol })}
            onBalancing={(loadBalancing) => update({ loadBalancing })}
          />
          <div className="ec-stack-tight">
            <div className="ec-checkbox">
              <Checkbox inputId={ids.https} checked={form.https && httpsGate.allowed} disabled={!httpsGate.allowed} onChange={(event) => update({ https: event.checked === true })} />
              <label htmlFor={ids.https}>{t('field.https')}</label>
            </div>
            {!httpsGate.allowed && httpsGate.notice && (
              <div className="ec-plan-notice" role="note">
                <span>{t('field.https-not-in-plan')}</span>
                <PlanNoticeLink notice={httpsGate.notice} />
              </div>
            )}
            {fieldError(ids.https, message('https', tried.has('origins')))}
          </div>
        </div>
      )}

      {step === 'review' && preview && (
        <div className="ec-stack">
          <p>{t('wizard.review-intro')}</p>
          <OutcomeSummary results={preview.results} />
          <OutcomeTable results={preview.results} okLabel={t('outcome.will-add')} label={t('wizard.step-review')} />
        </div>
      )}

      {step === 'result' && result && (
        <div className="ec-stack" role="status">
          <OutcomeSummary results={result.results} />
          <OutcomeTable results={result.results} okLabel={t('outcome.added')} label={t('wizard.step-result')} />
          {result.job_id !== null && <ProvisioningProgress jobId={result.job_id} onFinished={() => void refreshStatuses()} />}
        </div>
      )}

      <div className="ec-row ec-wizard-footer">
        {step === 'result' ? (
          <>
            <Button type="button" label={t('wizard.back-to-list')} onClick={onClose} />
            <Button type="button" outlined label={t('wizard.add-more')} onClick={restart} />
          </>
        ) : (
          <>
            <Button type="button" outlined label={tCommon('action.cancel')} onClick={onClose} />
            {stepIndex > 0 && <Button type="button" outlined label={t('wizard.previous')} onClick={() => setStep(WIZARD_STEPS[stepIndex - 1]!)} />}
            <Button
              type="button"
              label={step === 'review' ? t('wizard.submit') : t('wizard.next')}
              loading={sending}
              disabled={step === 'review' && preview !== null && preview.succeeded === 0}
              onClick={() => void next()}
            />
          </>
        )}
      </div>
    </section>
  );
}
