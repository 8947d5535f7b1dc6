/**
 * Create or edit a business (rules §2): name, the app's Android package and/or iOS bundle, a remark and the website
 * its SDK traffic goes through (for the data reports). Checked with core/rules/sdk.ts as typed; the server's
 * refusals (a name already used) land on their fields. What is typed survives a failed save (the dialog stays open)
 * and a session expiry or reload (a draft per business).
 */
import { useEffect, useId, useState } from 'react';
import type { DomainListItem } from '../../../core/api/endpoints/platform.js';
import { listDomainPicker } from '../../../core/api/endpoints/platform.js';
import { saveSdkBusiness, type SdkBusiness } from '../../../core/api/endpoints/sdk.js';
import { validateSdkBusiness } from '../../../core/rules/sdk.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { useDraft } from '../../../core/ui/use-draft.js';
import { Issues } from './shared.js';

/** Props of {@link BusinessDialog}. */
export interface BusinessDialogProps {
  /** The business to edit; creates one when absent. */
  business?: SdkBusiness;
  onSaved: (business: SdkBusiness) => void;
  onCancel: () => void;
}

/** The business form dialog. */
export function BusinessDialog({ business, onSaved, onCancel }: BusinessDialogProps) {
  const t = useT('sdk');
  const { client } = useElement();
  const base = useId();
  const save = useSave();
  const [draft, setDraft, drafted] = useDraft(`sdk-business:${business?.id ?? 'new'}`, () => ({
    name: business?.name ?? '',
    android_package: business?.android_package ?? '',
    ios_bundle: business?.ios_bundle ?? '',
    remark: business?.remark ?? '',
    domain_id: business?.domain_id ?? null,
  }));
  const [tried, setTried] = useState(false);
  const [websites, setWebsites] = useState<DomainListItem[]>([]);
  useEffect(() => {
    let live = true;
    listDomainPicker(client).then(
      (answer) => live && setWebsites(answer.list),
      // Without the list the picker offers "None" and the business's current website; saving still works.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client]);

  const checked = tried ? validateSdkBusiness(draft) : [];
  const issuesOf = (field: string) => [...checked, ...save.issues].filter((entry) => entry.field === field);
  const submit = async () => {
    setTried(true);
    if (validateSdkBusiness(draft).length > 0) return;
    const outcome = await save.run(() => saveSdkBusiness(client, { ...draft, ...(business ? { id: business.id } : {}) }, { notify: false }));
    if (!outcome.ok) return;
    drafted.discard();
    onSaved(outcome.value);
  };
  const cancel = () => {
    drafted.discard();
    onCancel();
  };
  const text = (field: 'name' | 'android_package' | 'ios_bundle' | 'remark', label: string, hint: string) => {
    const id = `${base}-${field}`;
    const found = issuesOf(field);
    return (
      <div className="ec-field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          className="p-inputtext p-component"
          value={draft[field]}
          aria-invalid={found.length > 0}
          aria-describedby={`${id}-hint ${id}-issues`}
          onChange={(event) => setDraft((current) => ({ ...current, [field]: event.target.value }))}
        />
        <small id={`${id}-hint`} className="ec-muted">
          {hint}
        </small>
        <Issues id={`${id}-issues`} issues={found} />
      </div>
    );
  };
  const websiteId = `${base}-website`;
  const options = business?.domain_id && !websites.some((site) => site.domain_id === business.domain_id) ? [...websites, { domain: business.domain ?? '', domain_id: business.domain_id }] : websites;

  return (
    <EcDialog
      visible
      onHide={cancel}
      header={business ? t('business.edit-title', { name: business.name }) : t('business.create-title')}
      error={save.error}
      footer={<DialogFooter onCancel={cancel} onConfirm={() => void submit()} busy={save.saving} />}
    >
      <div className="ec-stack">
        {drafted.restored ? <p className="ec-muted">{t('business.draft-restored')}</p> : null}
        {text('name', t('business.name'), t('business.name-hint'))}
        {text('android_package', t('business.android'), t('business.android-hint'))}
        {text('ios_bundle', t('business.ios'), t('business.ios-hint'))}
        <div className="ec-field">
          <label htmlFor={websiteId}>{t('business.website')}</label>
          <select
            id={websiteId}
            className="p-inputtext p-component"
            value={draft.domain_id ?? ''}
            aria-describedby={`${websiteId}-hint ${websiteId}-issues`}
            onChange={(event) => setDraft((current) => ({ ...current, domain_id: event.target.value === '' ? null : Number(event.target.value) }))}
          >
            <option value="">{t('business.no-website')}</option>
            {options.map((site) => (
              <option key={site.domain_id} value={site.domain_id}>
                {site.domain}
              </option>
            ))}
          </select>
          <small id={`${websiteId}-hint`} className="ec-muted">
            {t('business.website-hint')}
          </small>
          <Issues id={`${websiteId}-issues`} issues={issuesOf('domain_id')} />
        </div>
        {text('remark', t('business.remark'), t('business.remark-hint'))}
      </div>
    </EcDialog>
  );
}
