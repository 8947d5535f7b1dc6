/**
 * Status tags and label keys (namespace `waf-rules`) of the rule editor: rule statuses (rules §4), set attributions
 * (rules §3), disposal actions and what matching does after them (rules §4), built-in rule attributes (rules §3).
 * Keys are written out so the catalogue test and a search find every one.
 */
import type { TFunction } from '../../core/i18n/i18n.js';
import type { Outcome, SampleField, UntranslatableConstruct } from '../../core/match/index.js';
import type { StatusSetting } from '../../core/ui/parts/status-tag.js';
import type { MatchingFlow, WafActionType } from '../../core/rules/waf-actions.js';
import type { WafRuleStatus } from '../../core/rules/waf.js';

/** Rule status tags (rules §4: enabled, observation, closed). */
export function statusSettings(t: TFunction): StatusSetting[] {
  return [
    { value: 'enabled', label: statusLabel(t, 'enabled'), color: 'success' },
    { value: 'observation', label: statusLabel(t, 'observation'), color: 'warning' },
    { value: 'closed', label: statusLabel(t, 'closed'), color: 'neutral' },
  ];
}

/** Rule set attribution tags (rules §3: built-in, custom, default). */
export function attributionSettings(t: TFunction): StatusSetting[] {
  return [
    { value: 'default', label: t('attribution.default'), color: 'info' },
    { value: 'custom', label: t('attribution.custom'), color: 'success' },
    { value: 'built-in', label: t('attribution.built-in'), color: 'neutral' },
  ];
}

/** Risk level tags of built-in rules. */
export function riskSettings(t: TFunction): StatusSetting[] {
  return [
    { value: 'low', label: t('risk.low'), color: 'info' },
    { value: 'medium', label: t('risk.medium'), color: 'warning' },
    { value: 'high', label: t('risk.high'), color: 'danger' },
    { value: 'critical', label: t('risk.critical'), color: 'danger' },
  ];
}

const ACTION_KEYS: Record<WafActionType, string> = {
  release: 'disposal.release',
  observe: 'disposal.observe',
  block: 'disposal.block',
  ban: 'disposal.ban',
  'verify-cookie': 'disposal.verify-cookie',
  'verify-js': 'disposal.verify-js',
  'verify-intelligent': 'disposal.verify-intelligent',
  'verify-captcha': 'disposal.verify-captcha',
  whitelist: 'disposal.whitelist',
  honeypot: 'disposal.honeypot',
  redirect: 'disposal.redirect',
  'next-rule-set': 'disposal.next-rule-set',
  'basic-cc': 'disposal.basic-cc',
  'vulnerability-protection': 'disposal.vulnerability-protection',
};

const FLOW_KEYS: Record<MatchingFlow, string> = {
  stop: 'flow.stop',
  continue: 'flow.continue',
  'next-set': 'flow.next-set',
};

const ATTACK_KEYS: Record<string, string> = {
  'sql-injection': 'attack.sql-injection',
  xss: 'attack.xss',
  'path-traversal': 'attack.path-traversal',
  'sensitive-file': 'attack.sensitive-file',
  scanner: 'attack.scanner',
  'command-injection': 'attack.command-injection',
  rce: 'attack.rce',
  'brute-force': 'attack.brute-force',
};

/** An action's name. */
export function actionLabel(t: TFunction, type: WafActionType): string {
  return t(ACTION_KEYS[type]);
}

/** What matching does after a rule fires. */
export function flowLabel(t: TFunction, flow: MatchingFlow): string {
  return t(FLOW_KEYS[flow]);
}

/** A built-in rule's attack type (the server's id when the console has no name for it). */
export function attackLabel(t: TFunction, attack: string): string {
  return Object.hasOwn(ATTACK_KEYS, attack) ? t(ATTACK_KEYS[attack]!) : attack;
}

/** A built-in rule's application type: `generic` is translated, product names are proper names. */
export function applicationLabel(t: TFunction, application: string): string {
  return application === 'generic' ? t('application.generic') : application;
}

const CONSTRUCT_KEYS: Record<UntranslatableConstruct, string> = {
  syntax: 'construct.syntax',
  backreference: 'construct.backreference',
  subroutine: 'construct.subroutine',
  conditional: 'construct.conditional',
  verb: 'construct.verb',
  'script-run': 'construct.script-run',
  'non-atomic-lookaround': 'construct.non-atomic-lookaround',
  'grapheme-cluster': 'construct.grapheme-cluster',
  'code-unit': 'construct.code-unit',
  'case-sensitive': 'construct.case-sensitive',
  'duplicate-names': 'construct.duplicate-names',
  'newline-convention': 'construct.newline-convention',
  'unicode-property': 'construct.unicode-property',
  'nested-quantifier': 'construct.nested-quantifier',
};

const OUTCOME_KEYS: Record<Outcome | 'closed', string> = {
  match: 'outcome.match',
  'no-match': 'outcome.no-match',
  unknown: 'outcome.unknown',
  closed: 'outcome.closed',
};

const SAMPLE_KEYS: Record<SampleField, string> = {
  region: 'sample.region',
  ja3: 'sample.ja3',
  ja3n: 'sample.ja3n',
  ja4: 'sample.ja4',
  ja4h: 'sample.ja4h',
  time: 'sample.time',
  device_type: 'sample.device-type',
  ip_types: 'sample.ip-types',
  ip_behaviours: 'sample.ip-behaviours',
  ip_rate: 'sample.ip-rate',
  url_rate: 'sample.url-rate',
  status_code: 'sample.status-code',
  server_port: 'sample.server-port',
  client_ip: 'sample.client-ip',
};

const STATUS_KEYS: Record<WafRuleStatus, string> = { enabled: 'status.enabled', observation: 'status.observation', closed: 'status.closed' };

/** The PCRE construct that keeps a pattern from being evaluated in the browser. */
export function constructLabel(t: TFunction, construct: UntranslatableConstruct): string {
  return t(CONSTRUCT_KEYS[construct]);
}

/** A rule's or condition's outcome in the tester. */
export function outcomeLabel(t: TFunction, outcome: Outcome | 'closed'): string {
  return t(OUTCOME_KEYS[outcome]);
}

/** A field of the sample request. */
export function sampleFieldLabel(t: TFunction, field: SampleField): string {
  return t(SAMPLE_KEYS[field]);
}

/** A rule status. */
export function statusLabel(t: TFunction, status: WafRuleStatus): string {
  return t(STATUS_KEYS[status]);
}
