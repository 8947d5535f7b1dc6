/**
 * The error pages tab (rules §3 "Custom error page": status code, custom type default / custom HTML / URL link;
 * rules §5 and §9: HTML at most 64K, not empty, no JavaScript, found by parsing in core/rules/html.ts). Each page
 * shows a sandboxed preview that runs no script (page-preview.tsx).
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useId, useState } from 'react';
import '../../../../core/i18n/namespaces/domain-performance.js';
import { utf8ByteLength } from '../../../../core/rules/common.js';
import { CUSTOM_PAGE_MAX_BYTES } from '../../../../core/rules/origin.js';
import { groupsOfTab } from '../../../../core/settings/catalogue.js';
import { CUSTOM_PAGE_CODES, type CustomPageEntry } from '../../../../core/settings/performance.js';
import { useT } from '../../../../core/ui/element-context.js';
import { EmptyState } from '../../../../core/ui/parts/state-views.js';
import { GroupSection } from '../../parts/group-section.js';
import { useSettingsGroups } from '../../parts/use-settings-groups.js';
import type { TabProps } from '../tab-module.js';
import { Field, IssueText, TabFrame, issueAt, useGroupIssues } from '../performance/fields.js';
import { PagePreview } from './page-preview.js';

export const namespaces = ['domain-performance'] as const;

const TAB_GROUPS = groupsOfTab('pages');
const TYPES: readonly CustomPageEntry['type'][] = ['default', 'html', 'url'];

export default function PagesTab({ context, readonly, onSaved }: TabProps) {
  const t = useT('domain-performance');
  const state = useSettingsGroups(context.id, TAB_GROUPS, { readonly, onSaved });
  const checks = useGroupIssues(state);
  const [previewing, setPreviewing] = useState<number | null>(null);
  const baseId = useId();

  if (!state.groups) return <TabFrame state={state}>{null}</TabFrame>;
  const pages = state.value('custom_page').pages;
  const issues = checks.issues('custom_page');
  const editable = state.editable('custom_page');
  const setPages = (next: CustomPageEntry[]) => state.change('custom_page', { pages: next });
  const update = (index: number, fields: Partial<CustomPageEntry>) => setPages(pages.map((page, at) => (at === index ? { ...page, ...fields } : page)));
  const unused = CUSTOM_PAGE_CODES.filter((code) => !pages.some((page) => page.code === code));

  return (
    <TabFrame state={state}>
      <GroupSection state={state} names={['custom_page']} title={t('pages.title')} description={t('pages.description')} beforeSave={checks.check(['custom_page'])}>
        {pages.length === 0 && <EmptyState message={t('pages.empty')} />}
        {pages.map((page, index) => {
          const id = `${baseId}-${index}`;
          const bytes = utf8ByteLength(page.html);
          return (
            <fieldset key={index} className="ec-stack ec-custom-page" part="custom-page">
              <legend>{t('pages.page-legend', { code: page.code })}</legend>
              <Field label={t('pages.code')} found={issueAt(issues, `pages.${index}.code`)}>
                {({ id: codeId, describedBy, invalid }) => (
                  <select id={codeId} className="p-inputtext" value={page.code} aria-invalid={invalid || undefined} aria-describedby={describedBy} onChange={(event) => update(index, { code: Number(event.target.value) })}>
                    {[page.code, ...unused.filter((code) => code !== page.code)]
                      .sort((a, b) => a - b)
                      .map((code) => (
                        <option key={code} value={code}>
                          {code}
                        </option>
                      ))}
                  </select>
                )}
              </Field>
              <div role="radiogroup" aria-label={t('pages.type')} className="ec-row">
                {TYPES.map((type) => (
                  <label key={type} className="ec-row">
                    <input type="radio" name={`${id}-type`} value={type} checked={page.type === type} onChange={() => update(index, { type })} />
                    {t(`pages.type-${type}`)}
                  </label>
                ))}
              </div>
              {page.type === 'html' && (
                <>
                  <Field label={t('pages.html')} hint={t('pages.html-hint', { used: bytes, max: CUSTOM_PAGE_MAX_BYTES })} found={issueAt(issues, `pages.${index}.html`)}>
                    {({ id: htmlId, describedBy, invalid }) => (
                      <InputTextarea id={htmlId} rows={8} spellCheck={false} value={page.html} aria-invalid={invalid || undefined} aria-describedby={describedBy} onChange={(event) => update(index, { html: event.target.value })} />
                    )}
                  </Field>
                  <div className="ec-row">
                    <Button
                      type="button"
                      className="p-button-outlined p-button-sm"
                      icon="pi pi-eye"
                      label={previewing === index ? t('pages.hide-preview') : t('pages.preview')}
                      aria-expanded={previewing === index}
                      onClick={() => setPreviewing(previewing === index ? null : index)}
                    />
                    <span className="ec-muted">{t('pages.preview-note')}</span>
                  </div>
                  {previewing === index && <PagePreview html={page.html} code={page.code} />}
                </>
              )}
              {page.type === 'url' && (
                <Field label={t('pages.url')} found={issueAt(issues, `pages.${index}.url`)}>
                  {({ id: urlId, describedBy, invalid }) => (
                    <InputText id={urlId} value={page.url} placeholder="https://" aria-invalid={invalid || undefined} aria-describedby={describedBy} onChange={(event) => update(index, { url: event.target.value })} />
                  )}
                </Field>
              )}
              {editable && (
                <div>
                  <Button type="button" icon="pi pi-trash" className="p-button-text p-button-danger p-button-sm" label={t('pages.remove', { code: page.code })} onClick={() => setPages(pages.filter((_, at) => at !== index))} />
                </div>
              )}
            </fieldset>
          );
        })}
        {editable && unused.length > 0 && (
          <div>
            <Button type="button" icon="pi pi-plus" className="p-button-outlined p-button-sm" label={t('pages.add')} onClick={() => setPages([...pages, { code: unused[0]!, type: 'html', html: '', url: '' }])} />
          </div>
        )}
        <IssueText id={`${baseId}-list`} found={issueAt(issues, 'pages')} />
      </GroupSection>
    </TabFrame>
  );
}
