/**
 * Regional blocking card (issue 22; rules §4 "regional blocking on Beijing time"; rules §9 "Log time UTC+8; regional
 * blocking on Beijing time"; shell §3 "Region data: countries, provinces, ipRegions ... Special groups CNPR (mainland
 * provinces) and CNHMT (Hong Kong, Macao, Taiwan)"): the mode, the regions from the IP region tree (continents,
 * countries, provinces, and the CNPR and CNHMT groups, each selectable as a whole), and when the block holds: always,
 * or on chosen weekdays between a start and an end time in Beijing time.
 *
 * Choosing a region covers everything under it (the matcher places a request's region under its ancestors), so the
 * value keeps the region alone and its members show as covered, not as separate choices.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useState } from 'react';
import type { IpRegion } from '../../../core/api/endpoints/platform.js';
import { loadRegionData, regionData, regionLabel } from '../../../core/region/region.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { TextField } from '../../../core/ui/parts/labelled-fields.js';
import { ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import type { SecurityCardValues } from '../../../core/security/cards.js';
import type { CardEditorProps } from './card-editor.js';
import { CardFrame, ChoiceField, useIssueText, useModeChoices } from './card-fields.js';

type Schedule = SecurityCardValues['region_block']['schedule'];
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Every key under a node (not the node itself). */
function keysBelow(node: IpRegion): string[] {
  return (node.child ?? []).flatMap((child) => [child.key, ...keysBelow(child)]);
}

/** The regions after a node is switched: on drops its members (the node covers them), off removes it. */
export function toggleRegion(regions: readonly string[], node: IpRegion, on: boolean): string[] {
  const below = new Set(keysBelow(node));
  const kept = regions.filter((key) => key !== node.key && !below.has(key));
  return on ? [...kept, node.key] : kept;
}

function RegionNodeRow({ node, regions, coveredBy, onToggle, depth }: { node: IpRegion; regions: readonly string[]; coveredBy: IpRegion | null; onToggle: (node: IpRegion, on: boolean) => void; depth: number }) {
  const t = useT('security-cards');
  const { language } = useElement();
  const id = useId();
  const selected = regions.includes(node.key);
  const label = regionLabel(node, language);
  const chosenBelow = keysBelow(node).filter((key) => regions.includes(key)).length;
  const row = (
    <span className="ec-checkbox" data-region={node.key}>
      <input
        id={id}
        type="checkbox"
        className="ec-check"
        checked={selected || coveredBy !== null}
        disabled={coveredBy !== null}
        aria-describedby={coveredBy ? `${id}-covered` : undefined}
        onChange={(event) => onToggle(node, event.target.checked)}
      />
      <label htmlFor={id}>{node.key === 'CNPR' || node.key === 'CNHMT' ? t(`region.group.${node.key.toLowerCase()}`, { label }) : label}</label>
      {coveredBy && (
        <small id={`${id}-covered`} className="ec-visually-hidden">
          {t('region.covered', { region: regionLabel(coveredBy, language) })}
        </small>
      )}
    </span>
  );
  if (!node.child || node.child.length === 0) return <li>{row}</li>;
  const childCover = coveredBy ?? (selected ? node : null);
  const list = (
    <ul className={node.child.every((child) => !child.child?.length) ? 'ec-region-leaves' : undefined} role="list">
      {node.child.map((child) => (
        <RegionNodeRow key={child.key} node={child} regions={regions} coveredBy={childCover} onToggle={onToggle} depth={depth + 1} />
      ))}
    </ul>
  );
  // Continents fold (about fifty countries under seven of them); groups below them stay open.
  if (depth === 0) {
    return (
      <li>
        <details>
          <summary>
            {label}
            {chosenBelow > 0 || selected ? ` · ${selected ? t('region.whole') : t('region.selected', { count: chosenBelow })}` : ''}
          </summary>
          <div className="ec-stack">
            {row}
            {list}
          </div>
        </details>
      </li>
    );
  }
  return (
    <li>
      {row}
      {list}
    </li>
  );
}

export default function RegionBlockEditor(props: CardEditorProps<'region_block'>) {
  useSignals();
  const t = useT('security-cards');
  const { client } = useElement();
  const issueText = useIssueText(props.issues);
  const id = useId();
  const { value, onChange } = props;
  const modes = useModeChoices(props.allow.cloud_waf.waf_mode, value.mode);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const tree = regionData.value?.ipRegions ?? null;

  useEffect(() => {
    if (tree) return;
    setFailed(false);
    loadRegionData(client).catch(() => setFailed(true));
  }, [client, tree, attempt]);

  const schedule = value.schedule;
  const setSchedule = (patch: Partial<Schedule>) => onChange({ ...value, schedule: { ...schedule, ...patch } });
  const regionsError = issueText('regions');

  return (
    <CardFrame props={props}>
      <ChoiceField name="mode" label={t('mode.label')} value={value.mode} choices={modes} error={issueText('mode')} onChange={(mode) => onChange({ ...value, mode })} />
      <fieldset className="ec-checkbox-group" data-field="regions" aria-describedby={regionsError ? `${id}-regions-error` : undefined}>
        <legend>{t('region.regions')}</legend>
        <p className="ec-muted">{t('region.regions-hint', { count: value.regions.length })}</p>
        {tree === null ? (
          failed ? (
            <ErrorState message={t('region.load-failed')} onRetry={() => setAttempt((count) => count + 1)} />
          ) : (
            <LoadingState message={t('region.loading')} />
          )
        ) : (
          <ul className="ec-stack ec-region-tree" role="list" part="region-tree">
            {tree.map((node) => (
              <RegionNodeRow key={node.key} node={node} regions={value.regions} coveredBy={null} depth={0} onToggle={(changed, on) => onChange({ ...value, regions: toggleRegion(value.regions, changed, on) })} />
            ))}
          </ul>
        )}
        {regionsError && (
          <small id={`${id}-regions-error`} className="ec-error-text" role="alert">
            {regionsError}
          </small>
        )}
      </fieldset>
      <ChoiceField
        name="schedule.always"
        label={t('region.schedule')}
        value={schedule.always ? 'always' : 'weekly'}
        choices={(['always', 'weekly'] as const).map((choice) => ({ value: choice, label: t(`region.schedule-${choice}`) }))}
        error={issueText('schedule.always')}
        onChange={(choice) => setSchedule({ always: choice === 'always' })}
      />
      {!schedule.always && (
        <div className="ec-stack" part="region-schedule">
          <p className="ec-muted">{t('region.time-zone')}</p>
          <fieldset className="ec-checkbox-group" data-field="schedule.weekdays">
            <legend>{t('region.weekdays')}</legend>
            <div className="ec-checkbox-options">
              {WEEKDAYS.map((day) => (
                <span key={day} className="ec-checkbox">
                  <input
                    id={`${id}-day-${day}`}
                    type="checkbox"
                    className="ec-check"
                    checked={schedule.weekdays.includes(day)}
                    onChange={(event) => setSchedule({ weekdays: event.target.checked ? [...schedule.weekdays, day].sort((a, b) => a - b) : schedule.weekdays.filter((entry) => entry !== day) })}
                  />
                  <label htmlFor={`${id}-day-${day}`}>{t(`region.weekday.${day}`)}</label>
                </span>
              ))}
            </div>
            {issueText('schedule.weekdays') && (
              <small className="ec-error-text" role="alert">
                {issueText('schedule.weekdays')}
              </small>
            )}
          </fieldset>
          <div className="ec-row">
            <TextField label={t('region.start')} hint={t('region.time-hint')} error={issueText('schedule.start')} value={schedule.start} onChange={(start) => setSchedule({ start })} />
            <TextField label={t('region.end')} hint={t('region.end-hint')} error={issueText('schedule.end')} value={schedule.end} onChange={(end) => setSchedule({ end })} />
          </div>
        </div>
      )}
    </CardFrame>
  );
}
