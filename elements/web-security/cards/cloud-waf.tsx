/**
 * The cloud WAF card's editor (issue 22; rules §2 "cloud WAF (rule sets, ... quote rule set)"; rules §4 protection
 * modes; shell §3 `waf_block_diy_page`; rules §5 custom HTML page at most 64K without JavaScript, URL http(s)): the
 * protection mode (only the package's `cloud_waf.waf_mode` offered), the rule sets the policy quotes, picked from the
 * account's rule sets (the WAF rule set list call) and ordered, and the block page type with its HTML or link.
 */
import { Button } from 'primereact/button';
import { useEffect, useId, useState } from 'react';
import { listRuleSets, type RuleSetInfo } from '../../../core/api/endpoints/waf.js';
import type { BlockPageType, WafMode } from '../../../core/api/endpoints/platform.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import type { CardEditorProps } from './card-editor.js';

const MODES: readonly WafMode[] = ['observe', 'block', 'ban'];
const PAGE_TYPES: readonly BlockPageType[] = ['default', 'html', 'url'];

export default function CloudWafEditor({ value, onChange, issues, editable, allow }: CardEditorProps<'cloud_waf'>) {
  const t = useT('web-security');
  const tRules = useT('rules');
  const { client } = useElement();
  const base = useId();
  const [sets, setSets] = useState<RuleSetInfo[] | 'error' | null>(null);
  useEffect(() => {
    let current = true;
    listRuleSets(client, { page: 1, per_page: 100 }).then(
      (answer) => current && setSets(answer.list),
      () => current && setSets('error'),
    );
    return () => {
      current = false;
    };
  }, [client]);
  const issueOf = (field: string) => {
    const found = issues.find((entry) => entry.field === field || entry.field.startsWith(`${field}.`));
    return found ? tRules(found.key, found.values) : null;
  };
  const move = (index: number, by: number) => {
    const ids = [...value.rule_set_ids];
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    onChange({ ...value, rule_set_ids: ids });
  };
  const nameOf = (id: number) => (Array.isArray(sets) ? (sets.find((set) => set.id === id)?.name ?? `#${id}`) : `#${id}`);
  const available = Array.isArray(sets) ? sets.filter((set) => !value.rule_set_ids.includes(set.id)) : [];
  return (
    <div className="ec-ws-editor" part="editor">
      <fieldset>
        <legend>{t('editor.mode')}</legend>
        {MODES.map((mode) => (
          <label key={mode} className="ec-ws-row">
            <input
              type="radio"
              name={`${base}-mode`}
              checked={value.mode === mode}
              disabled={!editable || !allow.cloud_waf.waf_mode.includes(mode)}
              onChange={() => onChange({ ...value, mode })}
            />
            {t(`mode.${mode}`)}
            {!allow.cloud_waf.waf_mode.includes(mode) && <small> ({tRules('domain-settings.plan-locked')})</small>}
          </label>
        ))}
        {issueOf('mode') && <p role="alert">{issueOf('mode')}</p>}
      </fieldset>
      <fieldset>
        <legend>{t('editor.rule-sets')}</legend>
        {sets === 'error' && <p role="alert">{t('load-failed')}</p>}
        <ol>
          {value.rule_set_ids.map((id, index) => (
            <li key={id} className="ec-ws-row">
              <span>{nameOf(id)}</span>
              <Button type="button" text size="small" icon="pi pi-arrow-up" aria-label={`${t('editor.up')}: ${nameOf(id)}`} disabled={!editable || index === 0} onClick={() => move(index, -1)} />
              <Button
                type="button"
                text
                size="small"
                icon="pi pi-arrow-down"
                aria-label={`${t('editor.down')}: ${nameOf(id)}`}
                disabled={!editable || index === value.rule_set_ids.length - 1}
                onClick={() => move(index, 1)}
              />
              <Button type="button" text size="small" label={t('editor.remove')} aria-label={`${t('editor.remove')}: ${nameOf(id)}`} disabled={!editable} onClick={() => onChange({ ...value, rule_set_ids: value.rule_set_ids.filter((other) => other !== id) })} />
            </li>
          ))}
        </ol>
        <label htmlFor={`${base}-add`}>{t('editor.add-rule-set')}</label>{' '}
        <select
          id={`${base}-add`}
          disabled={!editable || available.length === 0}
          value=""
          onChange={(event) => event.target.value && onChange({ ...value, rule_set_ids: [...value.rule_set_ids, Number(event.target.value)] })}
        >
          <option value="">{t('editor.choose')}</option>
          {available.map((set) => (
            <option key={set.id} value={set.id}>
              {set.name}
            </option>
          ))}
        </select>
        {issueOf('rule_set_ids') && <p role="alert">{issueOf('rule_set_ids')}</p>}
      </fieldset>
      <fieldset>
        <legend>{t('editor.block-page')}</legend>
        {PAGE_TYPES.map((type) => (
          <label key={type} className="ec-ws-row">
            <input
              type="radio"
              name={`${base}-page`}
              checked={value.block_page.type === type}
              disabled={!editable || !allow.waf_block_diy_page.type.includes(type)}
              onChange={() => onChange({ ...value, block_page: { ...value.block_page, type } })}
            />
            {t(`editor.page-${type}`)}
            {!allow.waf_block_diy_page.type.includes(type) && <small> ({tRules('domain-settings.plan-locked')})</small>}
          </label>
        ))}
        {value.block_page.type === 'html' && (
          <>
            <label htmlFor={`${base}-html`}>{t('editor.page-html')}</label>
            <textarea id={`${base}-html`} rows={6} value={value.block_page.html} disabled={!editable} onChange={(event) => onChange({ ...value, block_page: { ...value.block_page, html: event.target.value } })} />
            {issueOf('block_page.html') && <p role="alert">{issueOf('block_page.html')}</p>}
          </>
        )}
        {value.block_page.type === 'url' && (
          <>
            <label htmlFor={`${base}-url`}>{t('editor.page-url')}</label>
            <input id={`${base}-url`} type="url" value={value.block_page.url} disabled={!editable} onChange={(event) => onChange({ ...value, block_page: { ...value.block_page, url: event.target.value } })} />
            {issueOf('block_page.url') && <p role="alert">{issueOf('block_page.url')}</p>}
          </>
        )}
      </fieldset>
    </div>
  );
}
