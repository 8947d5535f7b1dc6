/**
 * The card grid of one business (issue 22; rules §2 cards; rules §4 "Feature toggles switch on or off with
 * confirmation"; shell §8 unsupported feature prompt): each card with its title, a one-line summary, its switch
 * (confirmed) and a settings button opening the card's editor (loaded lazily from cards/index.ts) in a dialog. Saves go
 * through the card's `/v5` path with the revision read; the draft survives a failed save (use-draft); issues from
 * validateSecurityCard are shown to the editor before anything is sent.
 */
import { Button } from 'primereact/button';
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { publishNotice } from '../../../core/api/notices.js';
import { getPlanActions, type PackageAllow, type PlanAction } from '../../../core/api/endpoints/platform.js';
import { getSecurityCards, saveSecurityCards, type SecurityBusiness, type SecurityCardState } from '../../../core/api/endpoints/web-security.js';
import { featureGate, gateRow, type GatedFeature } from '../../../core/config/plan-gates.js';
import { SECURITY_CARDS, securityCardEntry, type SecurityCardName, type SecurityCardValues } from '../../../core/security/cards.js';
import { validateSecurityCard } from '../../../core/rules/security-cards.js';
import type { FieldIssue } from '../../../core/rules/types.js';
import { currentUser } from '../../../core/session/session.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { EcDialog } from '../../../core/ui/parts/dialog.js';
import { PlanNotice } from '../../../core/ui/parts/plan-notice.js';
import { ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { useDraft } from '../../../core/ui/use-draft.js';
import { CARD_EDITORS } from '../cards/index.js';
import type { CardEditorProps } from '../cards/card-editor.js';
import { CARD_SAVED_EVENT, OPEN_WAF_EVENT, STRATEGY_ROUTES } from '../events.js';

type AnyCard = SecurityCardState<SecurityCardValues[SecurityCardName]>;
type Cards = Partial<Record<SecurityCardName, AnyCard>>;

/** Reads both `/v5` paths of a business. */
function useBusinessCards(businessId: number) {
  const { client } = useElement();
  const [state, setState] = useState<{ business: SecurityBusiness; cards: Cards; allow: PackageAllow; actions: PlanAction[] } | 'loading' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setState('loading');
    Promise.all([getSecurityCards(client, 'ddos', businessId), getSecurityCards(client, 'waf', businessId), getPlanActions(client)]).then(
      ([ddos, waf, plan]) => current && setState({ business: waf.business, cards: { ...waf.cards, ...ddos.cards } as Cards, allow: plan.package_allow, actions: plan.actions }),
      () => current && setState('error'),
    );
    return () => {
      current = false;
    };
  }, [client, businessId, attempt]);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const replace = useCallback((name: SecurityCardName, card: AnyCard) => setState((previous) => (typeof previous === 'string' ? previous : { ...previous, cards: { ...previous.cards, [name]: card } })), []);
  return { state, reload, replace };
}

/** One line saying what a card does now. */
function useSummary() {
  const t = useT('web-security');
  return (name: SecurityCardName, value: SecurityCardValues[SecurityCardName]): string => {
    if (!value.enabled) return t('summary-off');
    const record = value as unknown as Record<string, unknown>;
    const parts: string[] = [];
    if (typeof record.mode === 'string') parts.push(t('summary.mode', { mode: t(`mode.${record.mode}`) }));
    if (typeof record.level === 'string') parts.push(t('summary.level', { level: t(`level.${record.level}`) }));
    if (name === 'region_block') parts.push(t('summary.regions', { count: (value as SecurityCardValues['region_block']).regions.length }));
    if (name === 'cloud_waf') parts.push(t('summary.rule-sets', { count: (value as SecurityCardValues['cloud_waf']).rule_set_ids.length }));
    if (name === 'replay_protection') parts.push(t('summary.window', { minutes: (value as SecurityCardValues['replay_protection']).window_minutes }));
    if (Array.isArray(record.paths) && name !== 'replay_protection') parts.push(t('summary.paths', { count: (record.paths as string[]).length }));
    if (name === 'referer_hotlink') parts.push(t('summary.domains', { count: (value as SecurityCardValues['referer_hotlink']).domains.length }));
    return parts.length > 0 ? parts.join(' · ') : t('on');
  };
}

export interface CardGridProps {
  businessId: number;
  /** Only these cards (a domain console section); all when absent. */
  only?: (name: SecurityCardName) => boolean;
  /** View only whatever the caller's grants (the global policy inside a template or domain view, rules §6). */
  viewOnly?: boolean;
}

/** The cards of one business. */
export function CardGrid({ businessId, only, viewOnly = false }: CardGridProps) {
  const t = useT('web-security');
  const tRules = useT('rules');
  const { client, emit } = useElement();
  const { state, reload, replace } = useBusinessCards(businessId);
  const summary = useSummary();
  const [confirming, setConfirming] = useState<{ name: SecurityCardName; on: boolean } | null>(null);
  const [editing, setEditing] = useState<SecurityCardName | null>(null);
  const toggle = useSave();

  if (state === 'loading') return <LoadingState message={t('loading')} />;
  if (state === 'error') return <ErrorState message={t('load-failed')} onRetry={reload} />;
  const { business, cards, allow, actions } = state;
  const editable = business.editable && !viewOnly;

  const save = async (name: SecurityCardName, value: SecurityCardValues[SecurityCardName]) => {
    const card = cards[name]!;
    const path = securityCardEntry(name).path;
    const answer = await saveSecurityCards(client, path, { business_id: businessId, [name]: { revision: card.revision, value } } as never);
    const saved = (answer.cards as Cards)[name]!;
    replace(name, saved);
    emit(CARD_SAVED_EVENT, { business_id: businessId, card: name });
    publishNotice({ severity: 'success', key: 'saved', namespace: 'web-security', values: { card: t(`card.${name.replaceAll('_', '-')}`) } });
    return saved;
  };

  const confirmToggle = async () => {
    if (!confirming) return;
    const card = cards[confirming.name]!;
    const outcome = await toggle.run(() => save(confirming.name, { ...card.value, enabled: confirming.on }));
    if (outcome.ok) setConfirming(null);
  };

  return (
    <div>
      {viewOnly && (
        <p className="ec-ws-note" role="note" part="view-only-notice">
          {t('view-only-global')}
        </p>
      )}
      {!viewOnly && !business.editable && (
        <p className="ec-ws-note" role="note" part="view-only-notice">
          {tRules(business.kind === 'domain' ? 'websites.not-editable' : 'web-security.view-only')}
        </p>
      )}
      <div className="ec-ws-grid" part="cards">
        {SECURITY_CARDS.filter((entry) => !only || only(entry.name)).map((entry) => {
          const card = cards[entry.name];
          if (!card) return null;
          const title = t(`card.${entry.name.replaceAll('_', '-')}`);
          const gate = entry.planAction ? featureGate(entry.planAction as GatedFeature, { actions: { actions, package_allow: allow }, flag: currentUser.value?.flag }) : null;
          const locked = card.locked_by !== null || (gate !== null && !gate.allowed);
          const canChange = editable && card.editable && !locked;
          const switchId = `ws-switch-${entry.name}`;
          return (
            <section key={entry.name} className="ec-ws-card" part="card" data-card={entry.name} aria-labelledby={`ws-title-${entry.name}`}>
              <h3 id={`ws-title-${entry.name}`}>{title}</h3>
              <p className="ec-ws-summary">{summary(entry.name, card.value)}</p>
              {locked && entry.planAction && <PlanNotice message={tRules(gateRow(entry.planAction as GatedFeature).message)} notice={gate?.notice ?? null} />}
              <div className="ec-ws-row">
                <input
                  id={switchId}
                  type="checkbox"
                  role="switch"
                  className="ec-switch"
                  checked={card.value.enabled}
                  disabled={!canChange}
                  onChange={(event) => setConfirming({ name: entry.name, on: event.target.checked })}
                />
                <label htmlFor={switchId}>{card.value.enabled ? t('on') : t('off')}</label>
                <Button type="button" label={t('settings')} text aria-label={`${t('settings')}: ${title}`} onClick={() => setEditing(entry.name)} />
                {entry.name === 'cloud_waf' && <Button type="button" label={t('open-waf')} text onClick={() => {
                      if (emit(OPEN_WAF_EVENT, { business_id: businessId }, { cancelable: true })) emit('ec-navigate', { route: STRATEGY_ROUTES.waf, params: { businessId } });
                    }} />}
              </div>
            </section>
          );
        })}
      </div>
      <EcDialog
        visible={confirming !== null}
        onHide={() => {
          toggle.reset();
          setConfirming(null);
        }}
        header={confirming ? t(`card.${confirming.name.replaceAll('_', '-')}`) : ''}
        error={toggle.error}
        footer={
          <>
            <Button type="button" label={t('cancel')} text onClick={() => setConfirming(null)} />
            <Button type="button" label={t('confirm')} loading={toggle.saving} onClick={() => void confirmToggle()} />
          </>
        }
      >
        {confirming && <p>{t(confirming.on ? 'confirm-on' : 'confirm-off', { card: t(`card.${confirming.name.replaceAll('_', '-')}`) })}</p>}
        {toggle.issues.length > 0 && <IssueList issues={toggle.issues} />}
      </EcDialog>
      {editing && (
        <EditorDialog
          key={editing}
          businessId={businessId}
          name={editing}
          card={cards[editing]!}
          allow={allow}
          editable={editable && cards[editing]!.editable}
          onSave={(value) => save(editing, value)}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function IssueList({ issues }: { issues: readonly FieldIssue[] }) {
  const tRules = useT('rules');
  return (
    <div role="alert" part="issues">
      <ul className="ec-ws-issues">
        {issues.map((found, index) => (
          <li key={`${found.field}-${index}`}>{tRules(found.key, found.values)}</li>
        ))}
      </ul>
    </div>
  );
}

interface EditorDialogProps {
  businessId: number;
  name: SecurityCardName;
  card: AnyCard;
  allow: PackageAllow;
  editable: boolean;
  onSave: (value: SecurityCardValues[SecurityCardName]) => Promise<unknown>;
  onClose: () => void;
}

/** A card's editor in a dialog: the draft is kept across a failed save and a reload (use-draft). */
function EditorDialog({ businessId, name, card, allow, editable, onSave, onClose }: EditorDialogProps) {
  const t = useT('web-security');
  const [Editor, setEditor] = useState<ComponentType<CardEditorProps<SecurityCardName>> | null>(null);
  const [draft, setDraft, draftControls] = useDraft<SecurityCardValues[SecurityCardName]>(`web-security:${businessId}:${name}:${card.revision}`, card.value, editable);
  const [localIssues, setLocalIssues] = useState<FieldIssue[]>([]);
  const saving = useSave();
  useEffect(() => {
    let current = true;
    (CARD_EDITORS[name] as () => Promise<{ default: ComponentType<CardEditorProps<SecurityCardName>> }>)().then(
      (module) => current && setEditor(() => module.default),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [name]);
  const serverIssues = saving.issues.map((found) => ({ ...found, field: found.field.startsWith(`${name}.`) ? found.field.slice(name.length + 1) : found.field }));
  const issues = localIssues.length > 0 ? localIssues : serverIssues;
  const submit = async () => {
    const found = validateSecurityCard(name, draft as never);
    setLocalIssues(found);
    if (found.length > 0) return;
    const outcome = await saving.run(() => onSave(draft));
    if (outcome.ok) {
      draftControls.discard();
      onClose();
    }
  };
  const title = t('edit-title', { card: t(`card.${name.replaceAll('_', '-')}`) });
  return (
    <EcDialog
      visible
      onHide={onClose}
      header={title}
      width="720px"
      error={saving.error}
      footer={
        <>
          <Button type="button" label={t('cancel')} text onClick={onClose} />
          {editable && <Button type="button" label={t('save')} loading={saving.saving} onClick={() => void submit()} />}
        </>
      }
    >
      {Editor ? (
        <Editor name={name} value={draft} onChange={(value) => setDraft(value)} issues={issues} editable={editable && !saving.saving} allow={allow} />
      ) : (
        <LoadingState message={t('editor-loading')} />
      )}
      {issues.length > 0 && <IssueList issues={issues} />}
    </EcDialog>
  );
}
