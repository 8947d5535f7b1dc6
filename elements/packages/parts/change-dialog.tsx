/**
 * The dialog of one package change: a renewal (months), an expansion (increase packages, 10 businesses each, rules
 * §9) or a billing method change (effective 00:00 UTC+8 on the 1st of next month and locked until then, rules §4).
 * The input is checked with core/rules before sending; a refusal keeps the dialog open with what was typed, and a
 * plan refusal (a trial package, rules §8) shows the plan notice with its way out.
 */
import { Button } from 'primereact/button';
import { useId, useState, type FormEvent } from 'react';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import { BILLING_METHODS, DOMAINS_PER_INCREASE_PACKAGE, EXPAND_PACKS, RENEW_MONTHS, nextBillingStart, type BillingMethod, type PackageChange, type PackageInfo } from '../../../core/api/endpoints/packages.js';
import { formatCount, formatLogTime } from '../../../core/i18n/format.js';
import { parseInteger, validateIntegerRange } from '../../../core/rules/common.js';
import { onField } from '../../../core/rules/types.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { EcDialog } from '../../../core/ui/parts/dialog.js';
import { PlanRefusalNotices, planRefusals } from '../../../core/ui/parts/plan-refusals.js';
import { useSave } from '../../../core/ui/parts/use-save.js';

/** Props of {@link ChangeDialog}. */
export interface ChangeDialogProps {
  kind: PackageChange['kind'];
  plan: PackageInfo;
  onHide: () => void;
  /** Sends the change; answers its job id (throws the API error). */
  onSubmit: (change: PackageChange) => Promise<number>;
}

/** The issues of the typed value, or none. */
function check(kind: PackageChange['kind'], text: string): FieldIssue[] {
  if (kind === 'renew') return onField('months', validateIntegerRange(text, RENEW_MONTHS));
  if (kind === 'expand') return onField('packs', validateIntegerRange(text, EXPAND_PACKS));
  return [];
}

/** The change dialog; `part="change-dialog"` on its form. */
export function ChangeDialog({ kind, plan, onHide, onSubmit }: ChangeDialogProps) {
  const t = useT();
  const rules = useT('rules');
  const { language } = useElement();
  const save = useSave();
  const ids = { value: useId(), hint: useId(), issues: useId() };
  const other = BILLING_METHODS.find((method) => method !== plan.billing.method)!;
  const [text, setText] = useState(kind === 'renew' ? '12' : '1');
  const [method, setMethod] = useState<BillingMethod>(other);
  const [checked, setChecked] = useState<FieldIssue[] | null>(null);
  const field = kind === 'renew' ? 'months' : kind === 'expand' ? 'packs' : 'method';
  // Plan refusals have their own notice below; the rest show under the field.
  const refusals = planRefusals(save.issues);
  const issues = [...(checked ?? []), ...save.issues.filter((found) => !refusals.includes(found))];
  const packs = parseInteger(text) ?? 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(kind, text);
    setChecked(found);
    if (found.length > 0) return;
    const value = parseInteger(text)!;
    const change: PackageChange =
      kind === 'renew' ? { kind, plan_id: plan.id, months: value } : kind === 'expand' ? { kind, plan_id: plan.id, packs: value } : { kind, plan_id: plan.id, method };
    const outcome = await save.run(() => onSubmit(change));
    if (outcome.ok) onHide();
  };

  const formId = `${ids.value}-form`;
  const footer = (
    <div className="ec-row ec-dialog-actions">
      <Button type="button" label={t('cancel')} outlined onClick={onHide} />
      <Button type="submit" form={formId} label={t(`submit.${kind}`)} loading={save.saving} />
    </div>
  );

  return (
    <EcDialog visible onHide={onHide} header={t(`title.${kind}`, { plan: plan.plan_name })} footer={footer} error={issues.length > 0 || refusals.length > 0 ? '' : save.error}>
      <form id={formId} className="ec-stack" part="change-dialog" noValidate onSubmit={(event) => void submit(event)}>
        {kind === 'billing' ? (
          <>
            <p className="ec-muted">{t('billing.current', { method: t(`billing.method.${plan.billing.method}`) })}</p>
            <label className="ec-field" htmlFor={ids.value}>
              <span>{t('billing.new-method')}</span>
              <select id={ids.value} className="p-inputtext p-component" value={method} aria-describedby={`${ids.hint} ${ids.issues}`} onChange={(event) => setMethod(event.target.value as BillingMethod)}>
                {BILLING_METHODS.filter((entry) => entry !== plan.billing.method).map((entry) => (
                  <option key={entry} value={entry}>
                    {t(`billing.method.${entry}`)}
                  </option>
                ))}
              </select>
            </label>
            <p id={ids.hint} className="ec-muted">
              {t('billing.hint', { time: formatLogTime(nextBillingStart(Date.now())) })}
            </p>
          </>
        ) : (
          <>
            <label className="ec-field" htmlFor={ids.value}>
              <span>{t(kind === 'renew' ? 'renew.months' : 'expand.packs')}</span>
              <input
                id={ids.value}
                className="p-inputtext p-component"
                inputMode="numeric"
                value={text}
                aria-invalid={issues.some((found) => found.field === field)}
                aria-describedby={`${ids.hint} ${ids.issues}`}
                onChange={(event) => {
                  setText(event.target.value);
                  if (checked) setChecked(check(kind, event.target.value));
                }}
              />
            </label>
            <p id={ids.hint} className="ec-muted">
              {kind === 'renew'
                ? t('renew.hint', RENEW_MONTHS)
                : t('expand.hint', { per: DOMAINS_PER_INCREASE_PACKAGE, domains: formatCount(packs > 0 ? packs * DOMAINS_PER_INCREASE_PACKAGE : 0, language) })}
            </p>
          </>
        )}
        {issues.length > 0 ? (
          <ul id={ids.issues} role="alert" className="ec-issues ec-issues-error">
            {issues.map((found, index) => (
              <li key={`${found.key}-${index}`}>{rules(found.key, found.values ?? {})}</li>
            ))}
          </ul>
        ) : (
          <span id={ids.issues} hidden />
        )}
        <PlanRefusalNotices issues={save.issues} />
      </form>
    </EcDialog>
  );
}
