/**
 * Batch add (rules §5 Websites): domains one per line (at most 500, no duplicates), the template (required), group and
 * remark, and optionally origins for all of them; sites added without origins wait with "origin not set". The preview
 * is the server's dry run. What is typed is kept as a draft until the websites are added.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useId, useMemo, useState } from 'react';
import { UNGROUPED, type LoadBalancing, type OriginProtocol } from '../../../core/api/endpoints/websites.js';
import { validateWebsite, validateWebsiteDomains, validateWebsiteOrigins } from '../../../core/rules/websites.js';
import { useT } from '../../../core/ui/element-context.js';
import { useDraft } from '../../../core/ui/use-draft.js';
import { DomainLinesField } from '../../domain-list/parts/domain-lines-field.js';
import { newOriginRow, OriginEditor, toOrigins, type OriginRow } from '../../domain-list/parts/origin-editor.js';
import type { BatchRequest, DomainBatchStore } from '../store.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';

interface BatchAddForm {
  domains: string;
  templateId: number | null;
  groupId: number;
  remark: string;
  withOrigins: boolean;
  origins: OriginRow[];
  originProtocol: OriginProtocol;
  loadBalancing: LoadBalancing;
}

const EMPTY: BatchAddForm = {
  domains: '',
  templateId: null,
  groupId: UNGROUPED,
  remark: '',
  withOrigins: false,
  origins: [newOriginRow()],
  originProtocol: 0,
  loadBalancing: 1,
};

/** The draft key, discarded by the element once the websites are added. */
export const BATCH_ADD_DRAFT = 'domain-batch:add';

/** Props of {@link BatchAddForm}. */
export interface BatchAddFormProps {
  store: DomainBatchStore;
  onPreview: (request: BatchRequest) => void;
}

/** The batch add form. */
export function BatchAddFormView({ store, onPreview }: BatchAddFormProps) {
  useSignals();
  const t = useT('domain-batch');
  const tList = useT('domain-list');
  const tRules = useT('rules');
  const baseId = useId();
  const [form, setForm] = useDraft<BatchAddForm>(BATCH_ADD_DRAFT, EMPTY);
  const [tried, setTried] = useState(false);

  const check = useMemo(() => validateWebsiteDomains(form.domains), [form.domains]);
  const issues = [
    ...validateWebsite({ domains: form.domains, templateId: form.templateId, remark: form.remark }),
    ...(form.withOrigins ? validateWebsiteOrigins(form.origins) : []),
    ...store.serverIssues.value.map((item) => (item.field === 'template_id' ? { ...item, field: 'templateId' } : item)),
  ];
  const message = (field: string) => {
    const found = issues.find((item) => item.field === field);
    return found ? tRules(found.key, found.values ?? {}) : null;
  };
  const update = (patch: Partial<BatchAddForm>) => {
    store.serverIssues.value = [];
    setForm((previous) => ({ ...previous, ...patch }));
  };
  const preview = () => {
    setTried(true);
    if (issues.length > 0) return;
    onPreview({
      mode: 'add',
      body: {
        domains: check.entries,
        template_id: form.templateId,
        origins: form.withOrigins ? toOrigins(form.origins) : [],
        origin_protocol: form.originProtocol,
        load_balancing: form.loadBalancing,
        remark: form.remark.trim() || undefined,
        group_id: form.groupId === UNGROUPED ? null : form.groupId,
      },
    });
  };

  const templates = store.templates.value;
  const templateOptions = (templates ?? []).map((template) => ({ value: template.id, label: template.name }));
  const groupOptions = [{ value: UNGROUPED, label: tList('group.none') }, ...store.groups.value.map((group) => ({ value: group.id, label: group.name }))];
  const templateError = tried ? message('templateId') : null;
  const remarkError = tried ? message('remark') : null;

  return (
    <div className="ec-stack">
      <DomainLinesField
        id={`${baseId}-domains`}
        label={tList('field.domains')}
        value={form.domains}
        check={check}
        error={message('domains')}
        showIssues={tried}
        onChange={(domains) => update({ domains })}
      />
      <div className="ec-form-grid">
        <div className="ec-field">
          <label htmlFor={`${baseId}-template`}>{tList('field.template')}</label>
          <Dropdown
            inputId={`${baseId}-template`}
            value={form.templateId}
            options={templateOptions}
            placeholder={templateOptions.length === 0 && templates !== null ? tList('field.no-templates') : tList('field.template-placeholder')}
            invalid={templateError !== null}
            aria-describedby={`${baseId}-template-error`}
            onChange={(event) => update({ templateId: event.value as number })}
            pt={namedDropdown(tList('field.template'))}
          />
          {templateError && (
            <small id={`${baseId}-template-error`} className="ec-error-text">
              {templateError}
            </small>
          )}
        </div>
        <div className="ec-field">
          <label htmlFor={`${baseId}-group`}>{tList('field.group')}</label>
          <Dropdown inputId={`${baseId}-group`} value={form.groupId} options={groupOptions} onChange={(event) => update({ groupId: event.value as number })} pt={namedDropdown(tList('field.group'))} />
        </div>
        <div className="ec-field">
          <label htmlFor={`${baseId}-remark`}>{tList('field.remark')}</label>
          <InputText
            id={`${baseId}-remark`}
            value={form.remark}
            invalid={remarkError !== null}
            aria-describedby={`${baseId}-remark-hint`}
            onChange={(event) => update({ remark: event.target.value })}
          />
          <small id={`${baseId}-remark-hint`} className={remarkError ? 'ec-error-text' : 'ec-muted'}>
            {remarkError ?? tList('field.remark-hint')}
          </small>
        </div>
      </div>
      <div className="ec-checkbox">
        <Checkbox inputId={`${baseId}-with-origins`} checked={form.withOrigins} onChange={(event) => update({ withOrigins: event.checked === true })} />
        <label htmlFor={`${baseId}-with-origins`}>{t('add.with-origins')}</label>
      </div>
      {form.withOrigins ? (
        <OriginEditor
          origins={form.origins}
          originProtocol={form.originProtocol}
          loadBalancing={form.loadBalancing}
          issues={issues}
          showIssues={tried}
          onChange={(origins) => update({ origins })}
          onProtocol={(originProtocol) => update({ originProtocol })}
          onBalancing={(loadBalancing) => update({ loadBalancing })}
        />
      ) : (
        <p className="ec-muted">{t('add.without-origins')}</p>
      )}
      <div className="ec-row ec-wizard-footer">
        <Button type="button" label={t('preview')} loading={store.sending.value} onClick={preview} />
      </div>
    </div>
  );
}
