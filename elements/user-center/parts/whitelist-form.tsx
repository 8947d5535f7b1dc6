/**
 * The login whitelist (rules §6 "Account-level login whitelist by IP or region"): addresses and CIDR blocks, IPv4 or
 * IPv6, one per line, and regions of the region tree (shell §3). Empty lists let every address in. It is account-level,
 * so only the parent edits it; a sub-account sees it read-only. The server refuses a list that would shut out the
 * address in use now; the form shows that address so the user can add it.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import type { IpRegion } from '../../../core/api/endpoints/platform.js';
import { saveLoginWhitelist, type AccountSecurity } from '../../../core/api/endpoints/user-center.js';
import { loadRegionData, regionData, regionLabel } from '../../../core/region/region.js';
import { validateLoginWhitelist } from '../../../core/rules/user-center.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { CheckboxGroup, type SelectOption } from '../../../core/ui/parts/checkbox-group.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { USER_SECURITY_SAVED_EVENT } from '../events.js';
import { Field, issueOn, useIssueText } from './field.js';

/** Props of {@link WhitelistForm}. */
export interface WhitelistFormProps {
  security: AccountSecurity;
  onSaved: (value: AccountSecurity) => void;
}

/** Region codes, their groups and countries: a whitelist by province is finer than a demo geolocation can tell. */
function regionOptions(tree: readonly IpRegion[], label: (node: IpRegion) => string): SelectOption<string>[] {
  const options: SelectOption<string>[] = [];
  const visit = (node: IpRegion, trail: string, depth: number) => {
    const text = trail ? `${trail} › ${label(node)}` : label(node);
    options.push({ value: node.key, label: text });
    if (depth < 2) for (const child of node.child ?? []) if (!child.key.includes('-')) visit(child, text, depth + 1);
  };
  for (const node of tree) visit(node, '', 1);
  return options;
}

/** The whitelist editor. */
export function WhitelistForm({ security, onSaved }: WhitelistFormProps) {
  useSignals();
  const { client, emit, language } = useElement();
  const t = useT();
  const issueText = useIssueText();
  const [ips, setIps] = useState(security.whitelist.ips.join('\n'));
  const [regions, setRegions] = useState<string[]>(security.whitelist.regions);
  const [local, setLocal] = useState<FieldIssue[]>([]);
  const [notice, setNotice] = useState('');
  const save = useSave();
  const tree = regionData.value?.ipRegions ?? [];
  const options = useMemo(() => regionOptions(tree, (node) => regionLabel(node, language)), [tree, language]);
  const issues = [...local, ...save.issues];
  const editable = security.whitelist_editable;

  useEffect(() => {
    loadRegionData(client).catch(() => undefined);
  }, [client]);

  const lines = () => ips.split('\n').map((line) => line.trim()).filter(Boolean);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice('');
    const keys = new Set(options.map((option) => option.value));
    const found = validateLoginWhitelist({ ips: lines(), regions }, (key) => keys.has(key));
    setLocal(found);
    if (found.length > 0) return;
    const outcome = await save.run(() => saveLoginWhitelist(client, { ips: lines(), regions }));
    if (outcome.ok) {
      onSaved(outcome.value);
      setIps(outcome.value.whitelist.ips.join('\n'));
      setNotice(t('whitelist.saved'));
      emit(USER_SECURITY_SAVED_EVENT, { setting: 'whitelist' });
    }
  };

  // An entry's issue names its line, so the user finds it in a long list.
  const ipIssue = issueOn(issues, 'ips');
  const ipIndex = ipIssue?.field.startsWith('ips.') ? Number(ipIssue.field.slice(4)) : null;
  const ipError = ipIssue ? (ipIndex === null ? issueText(ipIssue) : t('whitelist.line-error', { line: ipIndex + 1, message: issueText(ipIssue) })) : null;
  const regionIssue = issueOn(issues, 'regions');

  return (
    <form className="ec-uc-section ec-stack" onSubmit={submit} noValidate aria-labelledby="uc-whitelist-title">
      <h2 id="uc-whitelist-title">{t('whitelist.title')}</h2>
      <p className="ec-muted">{editable ? t('whitelist.hint') : t('whitelist.read-only')}</p>
      <p className="ec-muted">
        {t('whitelist.your-address', { ip: security.client_ip })}
      </p>
      <Field id="uc-ips" label={t('whitelist.ips')} error={ipError}>
        <InputTextarea id="uc-ips" rows={6} value={ips} readOnly={!editable} invalid={Boolean(ipIssue)}
          aria-describedby={ipIssue ? 'uc-ips-error' : undefined} onChange={(event) => setIps(event.target.value)} />
      </Field>
      {tree.length === 0 ? null : editable ? (
        <CheckboxGroup label={t('whitelist.regions')} options={options} value={regions} onChange={setRegions} selectAll={false} />
      ) : (
        <p>
          {t('whitelist.regions')}: {regions.length ? regions.map((key) => options.find((option) => option.value === key)?.label ?? key).join(', ') : t('whitelist.none')}
        </p>
      )}
      {regionIssue ? <p className="ec-error-text" role="alert">{issueText(regionIssue)}</p> : null}
      {save.error ? <p className="ec-error-text" role="alert">{save.error}</p> : null}
      {notice ? <p className="ec-muted" role="status">{notice}</p> : null}
      {editable ? (
        <div className="ec-uc-row">
          <Button type="submit" loading={save.saving} label={t('whitelist.save')} />
        </div>
      ) : null}
    </form>
  );
}
