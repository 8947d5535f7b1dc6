/**
 * Identity verification (实名认证), the user center's `authentication` page (shell §2). The spec names only the route
 * and its label; this is what a Chinese CDN console's real-name verification does: a status card (state, kind, the
 * identity with its ID number masked, times, the reason of a rejection) and, while unverified or after a rejection,
 * the form for a person (real name, resident ID number) or a company (name, unified social credit code, legal
 * representative), checked field by field with core/rules/identity.ts before it is sent. While the review runs the
 * page reads the record again every {@link REFRESH_MS} until it ends. A sub-account is told the page is the main
 * account's (the server refuses it: shell §6, stricter reading).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import { submitIdentity, type IdentityStatus, type IdentityVerification } from '../../../core/api/endpoints/user-center.js';
import { formatDateTime } from '../../../core/i18n/format.js';
import { normalizeIdentityNumber, validateIdentity, type IdentityInput, type IdentityKind } from '../../../core/rules/identity.js';
import { loginType } from '../../../core/session/session.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { StatusTag, type StatusSetting } from '../../../core/ui/parts/status-tag.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { USER_SECURITY_SAVED_EVENT } from '../events.js';
import { userCenterStoreFor } from '../store.js';
import { Field, issueOn } from './field.js';

/** How often a pending review is read again. */
export const REFRESH_MS = 1_500;

const STATUS_COLORS: Record<IdentityStatus, StatusSetting['color']> = {
  unverified: 'neutral',
  pending: 'info',
  verified: 'success',
  rejected: 'danger',
};

type Draft = Required<Omit<IdentityInput, 'kind'>>;
const EMPTY: Draft = { real_name: '', id_number: '', company_name: '', credit_code: '', legal_person: '' };

/** The status card. */
function StatusCard({ value }: { value: IdentityVerification }) {
  const t = useT();
  const settings = (Object.keys(STATUS_COLORS) as IdentityStatus[]).map((status) => ({ value: status, label: t(`identity.${status}`), color: STATUS_COLORS[status] }));
  const individual = value.kind === 'individual';
  const hint = { unverified: 'identity.unverified-hint', pending: 'identity.pending-hint', verified: 'identity.verified-hint', rejected: 'identity.rejected-hint' } as const;
  return (
    <section className="ec-uc-section" aria-labelledby="uc-identity-title" part="identity-status">
      <h2 id="uc-identity-title">{t('identity.title')}</h2>
      <dl className="ec-uc-facts">
        <dt>{t('identity.status')}</dt>
        <dd aria-live="polite">
          <StatusTag settings={settings} value={value.status} />
        </dd>
        {value.kind ? (
          <>
            <dt>{t('identity.kind')}</dt>
            <dd>{t(`identity.${value.kind}`)}</dd>
            <dt>{individual ? t('identity.real-name') : t('identity.company-name')}</dt>
            <dd>{value.name}</dd>
            <dt>{individual ? t('identity.id-number') : t('identity.credit-code')}</dt>
            <dd>{value.number}</dd>
            {!individual ? (
              <>
                <dt>{t('identity.legal-person')}</dt>
                <dd>{value.legal_person}</dd>
              </>
            ) : null}
          </>
        ) : null}
        {value.submitted_at ? (
          <>
            <dt>{t('identity.submitted-at')}</dt>
            <dd>{formatDateTime(value.submitted_at)}</dd>
          </>
        ) : null}
        {value.reviewed_at ? (
          <>
            <dt>{t('identity.reviewed-at')}</dt>
            <dd>{formatDateTime(value.reviewed_at)}</dd>
          </>
        ) : null}
        {value.status === 'rejected' && value.reason ? (
          <>
            <dt>{t('identity.reason')}</dt>
            <dd className="ec-error-text">{t(`identity.${value.reason}`)}</dd>
          </>
        ) : null}
      </dl>
      <p className="ec-muted">{t(hint[value.status])}</p>
    </section>
  );
}

/** Props of {@link IdentityForm}. */
interface IdentityFormProps {
  /** The last submission, to correct after a rejection. */
  previous: IdentityVerification;
  onSubmitted: (value: IdentityVerification) => void;
}

/** The submission form; after a rejection it starts from the rejected kind and names (numbers are typed again). */
function IdentityForm({ previous, onSubmitted }: IdentityFormProps) {
  const { client } = useElement();
  const t = useT();
  const [kind, setKind] = useState<IdentityKind>(previous.kind ?? 'individual');
  const [draft, setDraft] = useState<Draft>(() =>
    previous.kind === 'enterprise'
      ? { ...EMPTY, company_name: previous.name, credit_code: previous.number, legal_person: previous.legal_person }
      : previous.kind === 'individual'
        ? { ...EMPTY, real_name: previous.name }
        : EMPTY,
  );
  const [local, setLocal] = useState<FieldIssue[]>([]);
  const save = useSave();
  const issues = [...local, ...save.issues];

  const set = (field: keyof Draft) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: IdentityInput =
      kind === 'individual'
        ? { kind, real_name: draft.real_name.trim(), id_number: normalizeIdentityNumber(draft.id_number) }
        : { kind, company_name: draft.company_name.trim(), credit_code: normalizeIdentityNumber(draft.credit_code), legal_person: draft.legal_person.trim() };
    const found = validateIdentity(body);
    setLocal(found);
    if (found.length > 0) return;
    const outcome = await save.run(() => submitIdentity(client, body));
    if (outcome.ok) onSubmitted(outcome.value);
  };

  /** The input of a field, with its hint under it until the field has an issue. */
  const control = (id: string, field: keyof Draft, options: { autoComplete?: string; maxLength?: number; hint?: string } = {}) => {
    const found = issueOn(issues, field);
    const hinted = !found && options.hint;
    return (
      <>
        <InputText id={id} value={draft[field]} autoComplete={options.autoComplete ?? 'off'} maxLength={options.maxLength} invalid={Boolean(found)}
          aria-invalid={found ? true : undefined} aria-describedby={found ? `${id}-error` : hinted ? `${id}-hint` : undefined}
          onChange={(event) => set(field)(event.target.value)} />
        {hinted ? <small id={`${id}-hint`} className="ec-muted">{options.hint}</small> : null}
      </>
    );
  };

  return (
    <form className="ec-uc-section ec-stack" onSubmit={submit} noValidate aria-labelledby="uc-identity-form-title">
      <h2 id="uc-identity-form-title">{t('identity.form-title')}</h2>
      <fieldset className="ec-uc-kinds">
        <legend>{t('identity.kind')}</legend>
        {(['individual', 'enterprise'] as const).map((option) => (
          <label key={option} className="ec-uc-kind">
            <input type="radio" name="uc-identity-kind" value={option} checked={kind === option} onChange={() => setKind(option)} />
            {t(`identity.${option}`)}
          </label>
        ))}
      </fieldset>
      {kind === 'individual' ? (
        <>
          <Field id="uc-id-real-name" label={t('identity.real-name')} error={issueOn(issues, 'real_name')}>
            {control('uc-id-real-name', 'real_name', { autoComplete: 'name' })}
          </Field>
          <Field id="uc-id-id-number" label={t('identity.id-number')} error={issueOn(issues, 'id_number')}>
            {control('uc-id-id-number', 'id_number', { maxLength: 18, hint: t('identity.id-number-hint') })}
          </Field>
        </>
      ) : (
        <>
          <Field id="uc-id-company-name" label={t('identity.company-name')} error={issueOn(issues, 'company_name')}>
            {control('uc-id-company-name', 'company_name', { autoComplete: 'organization' })}
          </Field>
          <Field id="uc-id-credit-code" label={t('identity.credit-code')} error={issueOn(issues, 'credit_code')}>
            {control('uc-id-credit-code', 'credit_code', { maxLength: 18, hint: t('identity.credit-code-hint') })}
          </Field>
          <Field id="uc-id-legal-person" label={t('identity.legal-person')} error={issueOn(issues, 'legal_person')}>
            {control('uc-id-legal-person', 'legal_person')}
          </Field>
        </>
      )}
      {save.error ? <p className="ec-error-text" role="alert">{save.error}</p> : null}
      <div className="ec-uc-row">
        <Button type="submit" loading={save.saving} label={t('identity.submit')} />
      </div>
    </form>
  );
}

/** The page. */
export function IdentityView() {
  useSignals();
  const { client, host, emit } = useElement();
  const t = useT();
  const store = userCenterStoreFor(host);
  const state = store.identity.value;
  const child = loginType.value === 'child';
  const [notice, setNotice] = useState('');
  const watching = useRef(false);
  const status = state.state === 'ready' ? state.value.status : null;

  useEffect(() => {
    if (!child) void store.loadIdentity(client);
  }, [store, client, child]);

  // Live refresh while the review runs; the notice tells a screen reader user that it ended.
  useEffect(() => {
    if (status !== 'pending') {
      if (watching.current && status) setNotice(t('identity.review-ended', { status: t(`identity.${status}`) }));
      watching.current = false;
      return undefined;
    }
    watching.current = true;
    const timer = setInterval(() => void store.loadIdentity(client), REFRESH_MS);
    return () => clearInterval(timer);
  }, [status, store, client, t]);

  if (child) return <p className="ec-uc-section" role="note">{t('identity.child')}</p>;
  if (state.state === 'loading') return <LoadingState message={t('loading')} />;
  if (state.state === 'error') return <ErrorState message={t('load-failed')} onRetry={() => void store.loadIdentity(client)} />;

  const onSubmitted = (value: IdentityVerification) => {
    store.identitySaved(value);
    setNotice(t('identity.submitted'));
    emit(USER_SECURITY_SAVED_EVENT, { setting: 'identity' });
  };
  const canSubmit = state.value.status === 'unverified' || state.value.status === 'rejected';
  return (
    <div className="ec-stack">
      <StatusCard value={state.value} />
      {canSubmit ? <IdentityForm key={state.value.submitted_at ?? 'new'} previous={state.value} onSubmitted={onSubmitted} /> : null}
      {notice ? <p className="ec-muted" role="status">{notice}</p> : null}
    </div>
  );
}
