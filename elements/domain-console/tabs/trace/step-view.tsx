/**
 * One step of a trace as text: what matched, why, and the result, in the console's language. Every sentence comes
 * from the `domain-trace` catalogue; durations and shares go through the one formatter.
 */
import type { ReactNode } from 'react';
import type { TFunction } from '../../../../core/i18n/i18n.js';
import type { Language } from '../../../../core/i18n/language.js';
import { formatDuration, formatPercent } from '../../../../core/i18n/format.js';
import type { SecurityCardVerdict } from '../../../../core/match/security-cards.js';
import type { OriginCandidate, ReachedStep, TraceOutcome, TraceStep, WafRuleRef } from '../../../../core/settings/trace.js';

const codeList = (t: TFunction, rules: readonly WafRuleRef[]) => rules.map((rule) => t('waf.rule-ref', { code: rule.code, set: rule.set_name })).join(t('list-separator'));

function candidateText(t: TFunction, language: Language, entry: OriginCandidate): string {
  const facts = t('origin.candidate', {
    address: entry.address,
    port: entry.port,
    line: t(`line.${entry.line}`),
    weight: entry.weight,
    priority: entry.priority,
    state: t(`state.${entry.state}`),
  });
  return entry.excluded ? `${facts} · ${t(`excluded.${entry.excluded}`)}` : `${facts} · ${t('origin.share', { share: formatPercent(entry.share, language) })}`;
}

/** Catalogue keys are kebab-case; card names, bot categories and actions are the API's snake_case. */
const kebab = (name: string) => name.replace(/_/g, '-');

/** Values of a card's reason that are names to translate (levels, modes, categories, lists, weekdays). */
function reasonValues(t: TFunction, tCards: TFunction, language: Language, verdict: SecurityCardVerdict): Record<string, string | number> {
  const values: Record<string, string | number> = { ...verdict.reason.values };
  const raw = verdict.reason.values ?? {};
  if (typeof raw.category === 'string') values.category = tCards(`bot.category.${kebab(raw.category)}`);
  if (typeof raw.list === 'string') values.list = tCards(`referer.list.${raw.list}`);
  if (typeof raw.weekday === 'number') values.weekday = tCards(`region.weekday.${raw.weekday}`);
  if (typeof raw.level === 'string') values.level = tCards(verdict.card === 'intelligent_protection' ? `intelligent.level.${raw.level}` : `level.${raw.level}`);
  if (typeof raw.mode === 'string') values.mode = t(`security.mode.${raw.mode}`);
  if (typeof raw.ban_seconds === 'number') values.ban = formatDuration(raw.ban_seconds, language);
  if (typeof raw.seconds === 'number') values.duration = formatDuration(raw.seconds, language);
  if (typeof raw.skew === 'number') values.skew = formatDuration(Math.abs(raw.skew), language);
  return values;
}

/** One card's verdict as a sentence: the card, why, and what it does. */
export function verdictText(t: TFunction, tCards: TFunction, language: Language, verdict: SecurityCardVerdict): string {
  const code = verdict.reason.code === 'rate-based' && verdict.reason.values?.ban_seconds !== undefined ? 'rate-based-ban' : verdict.reason.code;
  const reason = t(`security.reason.${code}`, reasonValues(t, tCards, language, verdict));
  const acts = verdict.matched && verdict.action !== 'none' ? ` ${t('security.acts', { action: t(`security.action.${kebab(verdict.action)}`) })}` : '';
  return t('security.verdict', { card: tCards(`card.${kebab(verdict.card)}.title`), reason, acts });
}

/** The lines that describe a reached step. */
export function stepLines(t: TFunction, tCards: TFunction, language: Language, step: ReachedStep, clientIp: string): ReactNode[] {
  switch (step.step) {
    case 'security': {
      const summary = step.stoppedBy
        ? t('security.stopped', { card: tCards(`card.${kebab(step.stoppedBy.card)}.title`), action: t(`security.action.${kebab(step.stoppedBy.action)}`) })
        : t(`security.${step.reason}`);
      if (step.verdicts.length === 0) return [summary];
      return [
        summary,
        <ol className="ec-trace-cards" aria-label={t('security.cards')}>
          {step.verdicts.map((verdict) => (
            <li key={verdict.card} data-card={verdict.card} data-enabled={String(verdict.enabled)} data-decided={String(verdict.decided)}>
              {verdictText(t, tCards, language, verdict)}
            </li>
          ))}
        </ol>,
      ];
    }
    case 'https-redirect':
      return [t(`https-redirect.${step.reason}`, { location: step.location ?? '' })];
    case 'redirect':
      if (step.reason !== 'rule' || !step.rule) return [t(`redirect.${step.reason}`)];
      return [
        t(step.rule.kind === 'implicit' ? 'redirect.rule-implicit' : 'redirect.rule', {
          index: step.rule.index + 1,
          port: step.rule.source_port === 0 ? t('redirect.any-port') : step.rule.source_port,
          path: step.rule.source_path,
          code: step.rule.kind,
          location: step.location ?? '',
        }),
      ];
    case 'mobile-redirect':
      return [t(`mobile-redirect.${step.reason}`, { location: step.location ?? '' })];
    case 'rewrite':
      if (step.reason !== 'rule' || !step.rule) return [t(`rewrite.${step.reason}`, { from: step.from })];
      return [
        t('rewrite.rule', {
          priority: step.rule.priority,
          method: t(`rewrite-method.${step.rule.method}`),
          source: step.rule.source,
          from: step.from,
          to: step.to,
        }),
      ];
    case 'waf': {
      const lines: ReactNode[] = [];
      if (step.reason === 'no-rules') lines.push(t('waf.no-rules'));
      else if (step.fired) {
        lines.push(t(step.stops ? 'waf.fired-stop' : 'waf.fired-pass', { code: step.fired.code, set: step.fired.set_name, action: t(`action.${step.fired.action}`) }));
      } else lines.push(t('waf.no-match', { rules: step.rules, sets: step.sets }));
      if (step.observed.length > 0) lines.push(t('waf.observed', { rules: codeList(t, step.observed) }));
      if (step.undecided.length > 0) lines.push(t('waf.undecided', { rules: codeList(t, step.undecided) }));
      return lines;
    }
    case 'cache': {
      if (step.reason === 'seo-crawler' || step.reason === 'not-read') return [t(`cache.${step.reason}`)];
      const lines: ReactNode[] = [];
      if (step.rule) {
        lines.push(
          step.rule.list === 'built-in'
            ? t('cache.built-in', { name: step.rule.key ? t(`built-in.${step.rule.key}`, { defaultValue: step.rule.name }) : step.rule.name })
            : t('cache.rule', { name: step.rule.name, priority: step.rule.index + 1 }),
        );
      } else lines.push(t('cache.default'));
      if (step.undecided.length > 0) lines.push(t('cache.undecided', { names: step.undecided.map((rule) => rule.name).join(t('list-separator')) }));
      if (step.edge) {
        const reason = t(`edge-reason.${step.edge.reason}`);
        lines.push(step.edge.cached ? t('cache.edge-cached', { duration: formatDuration(step.edge.seconds, language), reason }) : t('cache.edge-not-cached', { reason }));
      }
      if (step.browser) {
        lines.push(
          step.browser.source === 'rule'
            ? t('cache.browser-rule', { duration: formatDuration(step.browser.seconds, language) })
            : step.browser.seconds === null
              ? t('cache.browser-origin-none')
              : t('cache.browser-origin', { duration: formatDuration(step.browser.seconds, language) }),
        );
      }
      lines.push(step.key ? <>{t('cache.key')} <code>{step.key.text}</code></> : t('cache.key-none'));
      return lines;
    }
    case 'origin': {
      const lines: ReactNode[] = [];
      if (step.conditionalUnavailable) lines.push(t('origin.conditional-unavailable', step.conditionalUnavailable));
      if (step.undecided.length > 0) lines.push(t('origin.undecided', { rules: step.undecided.map((rule) => rule.priority).join(t('list-separator')) }));
      lines.push(
        t(`origin.${step.reason}`, {
          priority: step.conditional?.priority ?? '',
          description: step.conditional?.description ?? '',
          port: step.listen.port,
          protocol: step.listen.protocol.toUpperCase(),
        }),
      );
      if (step.chosen) {
        lines.push(t('origin.chosen', { address: step.chosen.address, port: step.chosen.port, share: formatPercent(step.chosen.share, language) }));
        lines.push(t(`balancing.${step.balancing}`, { ip: clientIp }));
        lines.push(t(step.sni ? 'origin.fetch-sni' : 'origin.fetch', { protocol: step.protocol.toUpperCase(), host: step.host, sni: step.sni ?? '' }));
      }
      lines.push(t(step.health ? 'origin.health-on' : 'origin.health-off'));
      if (step.candidates.length > 0) {
        lines.push(
          <ul className="ec-trace-candidates" aria-label={t('origin.candidates')}>
            {step.candidates.map((entry, index) => (
              <li key={index} data-excluded={entry.excluded ?? undefined}>
                {candidateText(t, language, entry)}
              </li>
            ))}
          </ul>,
        );
      }
      return lines;
    }
    case 'request-headers':
    case 'response-headers':
      if (step.changes.length === 0) return [t('headers.none')];
      return [
        <ul className="ec-trace-headers" aria-label={t(`step.${step.step}`)}>
          {step.changes.map((change, index) => (
            <li key={index}>
              <code>{change.effect === 'removed' || change.effect === 'absent' ? change.name : `${change.name}: ${change.value}`}</code> {t(`effect.${change.effect}`)}
              {change.source === 'hsts' ? ` ${t('headers.hsts')}` : ''}
            </li>
          ))}
        </ul>,
      ];
    case 'error-page':
      return [t(`error-page.${step.reason}`, { code: step.code, length: step.html_length ?? 0, url: step.url ?? '' })];
  }
}

/** The trace's outcome in one sentence. */
export function outcomeText(t: TFunction, tCards: TFunction, language: Language, outcome: TraceOutcome): string {
  switch (outcome.kind) {
    case 'security':
      return t('outcome.security', { card: tCards(`card.${kebab(outcome.card)}.title`), action: t(`security.action.${kebab(outcome.action)}`) });
    case 'redirect':
      return t('outcome.redirect', { code: outcome.code, location: outcome.location });
    case 'forward':
      return t('outcome.forward', { location: outcome.location });
    case 'waf':
      return t('outcome.waf', { code: outcome.rule.code, action: t(`action.${outcome.action}`) });
    case 'origin':
      return outcome.cached
        ? t('outcome.origin-cached', { origin: `${outcome.origin.address}:${outcome.origin.port}`, duration: formatDuration(outcome.seconds, language) })
        : t('outcome.origin', { origin: `${outcome.origin.address}:${outcome.origin.port}` });
    case 'error':
      return t('outcome.error', { code: outcome.code });
  }
}

/** Whether a step was reached. */
export const reached = (step: TraceStep): step is ReachedStep => step.status !== 'not-reached';
