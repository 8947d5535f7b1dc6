/**
 * Batch add domains (shell §2 domainList/batch-domain-save; rules §5 DNS: one per line, at most 100 lines, "more than
 * 100 lines", "domain format error", "please enter the domain"): an optional group, the lines with a live per-line
 * check, then a job whose progress is shown here. What is typed is kept as a draft until the job starts.
 */
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useId, useMemo, useState } from 'react';
import { batchAddDnsDomains, type DnsJob } from '../../../core/api/endpoints/dns.js';
import { validateDnsBatchDomains } from '../../../core/rules/dns.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { useDraft } from '../../../core/ui/use-draft.js';
import { BatchLines } from '../../dns-shared/batch-lines.js';
import { namedDropdown as named } from '../../../core/ui/parts/named.js';
import { JobProgress } from '../../dns-shared/job-progress.js';
import { DNS_ROUTES, rememberSelectedJob } from '../../dns-shared/routes.js';
import { useDnsJob } from '../../dns-shared/use-dns-job.js';
import { DOMAINS_SUBMITTED_EVENT } from '../events.js';
import type { DnsDomainsStore } from '../store.js';
import { NavLink, useNavigate } from '../../../core/ui/parts/nav-link.js';

/** Dropdown value meaning "no group". */
const NO_GROUP = 0;

/** The form's draft. */
interface BatchDraft {
  text: string;
  groupId: number;
}

/** Props of {@link BatchAddDomains}. */
export interface BatchAddDomainsProps {
  store: DnsDomainsStore;
}

/** The batch-add-domains page. */
export function BatchAddDomains({ store }: BatchAddDomainsProps) {
  const { client, emit } = useElement();
  const navigate = useNavigate();
  const t = useT();
  const tRules = useT('rules');
  const textId = useId();
  const groupFieldId = useId();
  const issueId = useId();
  const [draft, setDraft, { restored, discard }] = useDraft<BatchDraft>('dns-domains:batch-add', { text: '', groupId: NO_GROUP });
  const [attempted, setAttempted] = useState(false);
  // Every fault of the submission shows the error catalogue's message next to the form (the shared save pattern).
  const saving = useSave();
  const [started, setStarted] = useState<DnsJob | null>(null);
  const progress = useDnsJob(client, started);

  const result = useMemo(() => validateDnsBatchDomains(draft.text), [draft.text]);
  const blocked = result.issue !== null || result.summary.invalid > 0;
  const groupLabel = t('batch.group');
  const groupOptions = [{ value: NO_GROUP, label: t('move.no-group') }, ...store.groupOptions.value.map((group) => ({ value: group.id, label: group.name }))];

  const submit = async () => {
    setAttempted(true);
    saving.reset();
    if (blocked) return;
    const outcome = await saving.run(() =>
      batchAddDnsDomains(client, { domains: result.entries, group_id: draft.groupId === NO_GROUP ? null : draft.groupId }, { notify: false }),
    );
    if (!outcome.ok) return;
    discard();
    setStarted(outcome.value.job);
    emit(DOMAINS_SUBMITTED_EVENT, { jobId: outcome.value.job.id, domains: result.entries });
  };
  const again = () => {
    setStarted(null);
    setAttempted(false);
    setDraft({ text: '', groupId: draft.groupId });
  };
  const openDetails = (job: DnsJob) => {
    rememberSelectedJob(job.id);
    navigate({ route: DNS_ROUTES.jobDetails });
  };

  useEffect(() => {
    void store.loadGroupOptions();
  }, [store]);

  if (started && progress.job) {
    return (
      <div className="ec-dns-form">
        <JobProgress job={progress.job} pollFailed={progress.failed} onDetails={openDetails} />
        <div className="ec-dns-actions">
          <Button type="button" label={t('batch.add-more')} onClick={again} />
          <NavLink appearance="button-outlined" route={DNS_ROUTES.domains}>
          {t('batch.back')}
        </NavLink>
        </div>
      </div>
    );
  }

  return (
    <form
      className="ec-dns-form"
      part="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {restored && <p className="ec-muted" role="status">{t('draft-restored')}</p>}
      <div className="ec-field">
        <label htmlFor={groupFieldId}>{groupLabel}</label>
        <Dropdown
          inputId={groupFieldId}
          value={draft.groupId}
          options={groupOptions}
          onChange={(event) => setDraft((previous) => ({ ...previous, groupId: event.value as number }))}
          pt={named(groupLabel)}
        />
      </div>
      <div className="ec-field">
        <label htmlFor={textId}>{t('batch.domains')}</label>
        <InputTextarea
          id={textId}
          rows={10}
          value={draft.text}
          placeholder={t('batch.placeholder')}
          aria-invalid={attempted && blocked}
          aria-describedby={attempted && result.issue ? issueId : undefined}
          onChange={(event) => setDraft((previous) => ({ ...previous, text: event.target.value }))}
        />
        <span className="ec-muted">{t('batch.hint')}</span>
      </div>
      <BatchLines result={result} showIssue={attempted || draft.text.length > 0} issueId={issueId} />
      {(saving.error || saving.issues.length > 0) && (
        <div role="alert" className="ec-error-text">
          {saving.error}
          {saving.issues.map((found) => (
            <p key={`${found.field}:${found.key}`}>{tRules(found.key, found.values)}</p>
          ))}
        </div>
      )}
      <div className="ec-dns-actions">
        <Button type="submit" label={t('batch.submit', { count: result.entries.length })} loading={saving.saving} />
        <NavLink appearance="button-outlined" route={DNS_ROUTES.domains}>
          {t('batch.back')}
        </NavLink>
      </div>
    </form>
  );
}
