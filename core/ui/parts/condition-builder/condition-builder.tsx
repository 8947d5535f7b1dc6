/**
 * The condition builder (rules §5 Match rules and WAF), shared by the WAF rule editor and the cache rule editor's
 * custom request expressions: up to 5 conditions combined by AND, each an OR list of up to 20 rows, every match type
 * with its own operators and value editor, the rules of §5 enforced while building (IP and region exclusive, the
 * status code condition kept last, the domain match type only for wildcard domains), and below it a read-only text
 * preview of the whole rule that always follows the form.
 *
 * Elements that use it add `CONDITION_BUILDER_STYLES` to their own styles.
 */
import { Button } from 'primereact/button';
import { useMemo } from 'react';
import type { FieldIssue } from '../../../api/catalogue.js';
import type { IpRegion } from '../../../api/endpoints/platform.js';
import { regionLabel } from '../../../region/region.js';
import { MATCH_CONDITIONS_MAX } from '../../../rules/waf.js';
import { useElement, useT } from '../../element-context.js';
import { ConditionRow } from './condition-row.js';
import { addCondition, canAddCondition, removeCondition, replaceCondition, type BuilderScope, type ConditionDraft } from './model.js';
import { describeConditions } from './preview.js';
import type { RegionChoice } from './value-editor.js';
import styles from './condition-builder.css';

/** CSS of the builder, for the `styles` of elements that use it. */
export const CONDITION_BUILDER_STYLES: string = styles;

/** Props of {@link ConditionBuilder}. */
export interface ConditionBuilderProps extends BuilderScope {
  /** The conditions, in order. */
  value: readonly ConditionDraft[];
  /** Called with the new conditions after each edit. */
  onChange: (next: ConditionDraft[]) => void;
  /** IP lists an IP condition may reference. */
  ipLists?: readonly { id: number; name: string }[];
  /** The IP region tree (`V4/share_data.region` ipRegions) for the region picker and the preview. */
  regions?: readonly IpRegion[];
  /** Findings to show, fields as `core/rules` names them (`conditions`, `conditions.<i>.value`…). */
  issues?: readonly FieldIssue[];
  /** Appended to the preview: what the rule does (e.g. "THEN Block; matching stops"). */
  consequence?: string;
}

/** Flattens the region tree into choices, each label showing its place ("China › Mainland China › Guangdong"). */
function regionChoices(tree: readonly IpRegion[], language: Parameters<typeof regionLabel>[1], trail: string[] = []): RegionChoice[] {
  return tree.flatMap((node) => {
    const path = [...trail, regionLabel(node, language)];
    return [{ value: node.key, label: path.join(' › ') }, ...regionChoices(node.child ?? [], language, path)];
  });
}

/** The builder and the rule preview; `part="condition-builder"` and `part="rule-preview"`. */
export function ConditionBuilder({ value, onChange, types, wildcardDomain, conditionRules, ipLists = [], regions = [], issues = [], consequence }: ConditionBuilderProps) {
  const { language } = useElement();
  const t = useT('condition-builder');
  const tRules = useT('rules');
  const scope: BuilderScope = useMemo(() => ({ types, wildcardDomain, conditionRules }), [types, wildcardDomain, conditionRules]);
  const choices = useMemo(() => regionChoices(regions, language), [regions, language]);
  const regionNames = useMemo(() => new Map(choices.map((choice) => [choice.value, choice.label.split(' › ').pop()!])), [choices]);

  const listIssues = issues.filter((found) => found.field === 'conditions');
  const rowIssues = (index: number) =>
    issues
      .filter((found) => found.field === `conditions.${index}` || found.field.startsWith(`conditions.${index}.`))
      .map((found) => ({ ...found, field: found.field.slice(`conditions.${index}`.length).replace(/^\./, '') }));
  const preview = describeConditions(t, value, {
    regionName: (key) => regionNames.get(key) ?? key,
    ipListName: (id) => ipLists.find((list) => list.id === id)?.name ?? `#${id}`,
    conditionRuleName: (id) => conditionRules?.find((rule) => rule.id === id)?.name ?? `#${id}`,
  });
  const full = !canAddCondition(value);

  return (
    <div className="ec-condition-builder" part="condition-builder">
      <fieldset className="ec-conditions">
        <legend>{t('label')}</legend>
        <p className="ec-muted">
          {t('hint.logic')} {t('hint.case-insensitive')}
        </p>
        {value.map((draft, index) => (
          <ConditionRow
            key={draft.key}
            conditions={value}
            index={index}
            scope={scope}
            onChange={(next) => onChange(replaceCondition(value, draft.key, next))}
            onRemove={() => onChange(removeCondition(value, draft.key))}
            issues={rowIssues(index)}
            ipLists={ipLists}
            regionChoices={choices}
          />
        ))}
        <div className="ec-row">
          <Button type="button" icon="pi pi-plus" label={t('add-condition')} outlined disabled={full} onClick={() => onChange(addCondition(value, scope))} />
          {full && <span className="ec-muted">{tRules('waf.too-many-conditions', { max: MATCH_CONDITIONS_MAX })}</span>}
        </div>
        {listIssues.length > 0 && (
          <div role="alert">
            <ul className="ec-issues">
              {listIssues.map((found, index) => (
                <li key={index} className="ec-error-text">
                  {tRules(found.key, found.values)}
                </li>
              ))}
            </ul>
          </div>
        )}
      </fieldset>
      <section className="ec-rule-preview" part="rule-preview" aria-label={t('preview.title')}>
        {/* Not a heading: the builder sits at different heading levels in the elements that use it. */}
        <p className="ec-rule-preview-title">{t('preview.title')}</p>
        <p data-preview>{consequence ? `${preview} ${consequence}` : preview}</p>
      </section>
    </div>
  );
}
