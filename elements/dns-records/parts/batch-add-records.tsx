/**
 * Batch add records (shell §2 domainList/batch-record-save): the domains, a line and TTL for the batch (rules §5 DNS
 * defaults: line any, TTL 600), and one record per line written as `host type value` (`host MX priority value`),
 * at most 100 lines ("More than 100 lines", the stricter reading of rules §5 DNS), each checked live with the record
 * rules. The records go to every chosen domain in one job whose progress is shown here. What is typed stays a draft
 * until the job starts.
 */
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { useId, useMemo, useState } from 'react';
import { batchAddDnsRecords, type DnsJob, type DnsRecordFields } from '../../../core/api/endpoints/dns.js';
import { parseInteger } from '../../../core/rules/common.js';
import { DNS_LINE_DEFAULT, DNS_LINES, DNS_TTL_DEFAULT, DNS_TTL_OPTIONS, parseDnsRecordLine, validateDnsBatchRecords } from '../../../core/rules/dns.js';
import { formatDuration } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { useDraft } from '../../../core/ui/use-draft.js';
import { BatchLines } from '../../dns-shared/batch-lines.js';
import { namedDropdown as named } from '../../../core/ui/parts/named.js';
import { JobProgress } from '../../dns-shared/job-progress.js';
import { DNS_ROUTES, rememberSelectedJob } from '../../dns-shared/routes.js';
import { useDnsJob } from '../../dns-shared/use-dns-job.js';
import { RECORDS_SUBMITTED_EVENT } from '../events.js';
import { LINE_KEYS } from '../vocabulary.js';
import { DomainsPicker } from './domain-picker.js';
import { useNavigate } from '../../../core/ui/parts/nav-link.js';

/** The form's draft. */
interface BatchDraft {
  domainIds: number[];
  line: string;
  ttl: number;
  text: string;
}

/** Props of {@link BatchAddRecords}. */
export interface BatchAddRecordsProps {
  /** Domains chosen at first (the element's `domain-id`, or the domain whose records were shown last). */
  initialDomains: number[];
}

/** The records a valid batch text becomes. */
function recordsOf(entries: readonly string[], line: string, ttl: number): DnsRecordFields[] {
  return entries.map((entry) => {
    const parsed = parseDnsRecordLine(entry)!;
    return {
      host: parsed.host,
      type: parsed.type,
      value: parsed.value,
      priority: parsed.type === 'MX' ? parseInteger(parsed.priority ?? null) : null,
      line,
      ttl,
      remark: '',
      group: '',
      status: 'normal',
    };
  });
}

/** The batch-add-records page. */
export function BatchAddRecords({ initialDomains }: BatchAddRecordsProps) {
  const { client, language, emit } = useElement();
  const navigate = useNavigate();
  const t = useT();
  const tRules = useT('rules');
  const textId = useId();
  const lineFieldId = useId();
  const ttlFieldId = useId();
  const issueId = useId();
  const domainsErrorId = useId();
  const [draft, setDraft, { restored, discard }] = useDraft<BatchDraft>('dns-records:batch-add', () => ({
    domainIds: initialDomains,
    line: DNS_LINE_DEFAULT,
    ttl: DNS_TTL_DEFAULT,
    text: '',
  }));
  const [attempted, setAttempted] = useState(false);
  // Every fault of the submission shows the error catalogue's message next to the form (the shared save pattern).
  const saving = useSave();
  const [started, setStarted] = useState<DnsJob | null>(null);
  const progress = useDnsJob(client, started);

  const result = useMemo(() => validateDnsBatchRecords(draft.text), [draft.text]);
  const noDomain = draft.domainIds.length === 0;
  const blocked = noDomain || result.issue !== null || result.summary.invalid > 0;
  const lineLabel = t('column.line');
  const ttlLabel = t('column.ttl');
  const set = <K extends keyof BatchDraft>(field: K, value: BatchDraft[K]) => setDraft((previous) => ({ ...previous, [field]: value }));

  const submit = async () => {
    setAttempted(true);
    saving.reset();
    if (blocked) return;
    const records = recordsOf(result.entries, draft.line, draft.ttl);
    const outcome = await saving.run(() => batchAddDnsRecords(client, { domain_ids: draft.domainIds, records }, { notify: false }));
    if (!outcome.ok) return;
    discard();
    setStarted(outcome.value.job);
    emit(RECORDS_SUBMITTED_EVENT, { jobId: outcome.value.job.id, domainIds: draft.domainIds, records: records.length });
  };
  const again = () => {
    setStarted(null);
    setAttempted(false);
    setDraft((previous) => ({ ...previous, text: '' }));
  };
  const openDetails = (job: DnsJob) => {
    rememberSelectedJob(job.id);
    navigate({ route: DNS_ROUTES.jobDetails });
  };

  if (started && progress.job) {
    return (
      <div className="ec-dns-form">
        <JobProgress job={progress.job} pollFailed={progress.failed} onDetails={openDetails} />
        <div className="ec-dns-actions">
          <Button type="button" label={t('batch.add-more')} onClick={again} />
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
      <DomainsPicker value={draft.domainIds} onChange={(ids) => set('domainIds', ids)} invalid={attempted && noDomain} describedBy={attempted && noDomain ? domainsErrorId : undefined} />
      {attempted && noDomain && (
        <span id={domainsErrorId} className="ec-error-text">
          {t('batch.domains-required')}
        </span>
      )}
      <div className="ec-row">
        <div className="ec-filter">
          <label htmlFor={lineFieldId}>{lineLabel}</label>
          <Dropdown inputId={lineFieldId} value={draft.line} options={DNS_LINES.map((line) => ({ value: line, label: t(LINE_KEYS[line]) }))} onChange={(event) => set('line', event.value as string)} pt={named(lineLabel)} />
        </div>
        <div className="ec-filter">
          <label htmlFor={ttlFieldId}>{ttlLabel}</label>
          <Dropdown
            inputId={ttlFieldId}
            value={draft.ttl}
            options={DNS_TTL_OPTIONS.map((ttl) => ({ value: ttl, label: formatDuration(ttl, language) }))}
            onChange={(event) => set('ttl', event.value as number)}
            pt={named(ttlLabel)}
          />
        </div>
      </div>
      <div className="ec-field">
        <label htmlFor={textId}>{t('batch.records')}</label>
        <InputTextarea
          id={textId}
          rows={10}
          value={draft.text}
          placeholder={t('batch.placeholder')}
          aria-invalid={attempted && (result.issue !== null || result.summary.invalid > 0)}
          aria-describedby={attempted && result.issue ? issueId : undefined}
          onChange={(event) => set('text', event.target.value)}
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
      </div>
    </form>
  );
}
