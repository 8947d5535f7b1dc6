/**
 * Disposal actions of WAF rules (rules §4 "Disposal actions") as data: what each does to matching, the parameters it
 * takes and their checks. The rule editor, the matcher (`core/match`) and the reference server read the same table.
 */
import type { Bounds } from './common.js';
import { validateIntegerRange } from './common.js';
import { issue, onField, type FieldIssue } from './types.js';
import { validateHttpUrl } from './url.js';

/** The disposal actions of rules §4, human verification split into its four kinds. */
export const WAF_ACTION_TYPES = [
  'release',
  'observe',
  'block',
  'ban',
  'verify-cookie',
  'verify-js',
  'verify-intelligent',
  'verify-captcha',
  'whitelist',
  'honeypot',
  'redirect',
  'next-rule-set',
  'basic-cc',
  'vulnerability-protection',
] as const;
/** A disposal action. */
export type WafActionType = (typeof WAF_ACTION_TYPES)[number];

/**
 * What happens to matching after a rule with the action fires: `stop` ends matching (the request is released,
 * blocked, challenged or redirected), `continue` goes on with the next rule (observation only logs; basic CC and
 * vulnerability protection hand the request to those engines and let the rules go on), `next-set` skips the rest of
 * this rule set and goes on with the next one.
 */
export type MatchingFlow = 'stop' | 'continue' | 'next-set';

/** Each action's effect on matching. */
export const ACTION_FLOW: Record<WafActionType, MatchingFlow> = {
  release: 'stop',
  observe: 'continue',
  block: 'stop',
  ban: 'stop',
  'verify-cookie': 'stop',
  'verify-js': 'stop',
  'verify-intelligent': 'stop',
  'verify-captcha': 'stop',
  whitelist: 'stop',
  honeypot: 'stop',
  redirect: 'stop',
  'next-rule-set': 'next-set',
  'basic-cc': 'continue',
  'vulnerability-protection': 'continue',
};

/** Actions whose effect outlives the rule: a ban or a whitelist entry is not undone by deleting the rule (rules §4). */
export const LASTING_ACTIONS: readonly WafActionType[] = ['ban', 'whitelist'];

/**
 * Ban duration in seconds. The spec gives no range for it; of the numeric ranges rules §5 states, 1-3600 is the one
 * in seconds, and it is the stricter choice: a longer ban needs the ban manager, where it can be lifted.
 */
export const BAN_DURATION_RANGE: Bounds = { min: 1, max: 3600 };
/** A new ban rule's duration. */
export const BAN_DURATION_DEFAULT = 600;
/** The HTTP status each redirecting action answers with (rules §4: honeypot 302, redirect URL 301). */
export const REDIRECT_STATUS: Partial<Record<WafActionType, number>> = { honeypot: 302, redirect: 301 };

/** An action with its parameters, as rules store it. */
export interface WafActionInput {
  /** The action. */
  type: WafActionType;
  /** Ban duration in seconds (`ban` only). */
  duration?: number | string | null;
  /** Redirect target (`redirect` only): an http(s) URL. */
  url?: string | null;
}

/** True for a known action. */
export function isWafActionType(value: unknown): value is WafActionType {
  return typeof value === 'string' && (WAF_ACTION_TYPES as readonly string[]).includes(value);
}

/** True when a lasting action is involved (the editor warns, rules §4). */
export function isLastingAction(type: WafActionType): boolean {
  return LASTING_ACTIONS.includes(type);
}

/**
 * Checks an action and its parameters; issues are on `action`, `action.duration` and `action.url`. A ban needs a
 * duration of 1-3600 s; a redirect (301) needs an http(s) URL (rules §5 Redirect: "target URL begins with http or
 * https").
 */
export function validateWafAction(action: Partial<WafActionInput> | null | undefined): FieldIssue[] {
  if (!action || !isWafActionType(action.type)) return onField('action', issue('waf.action-required'));
  if (action.type === 'ban') {
    const duration = action.duration === undefined || action.duration === null ? '' : action.duration;
    return onField('action.duration', validateIntegerRange(duration, BAN_DURATION_RANGE, 'waf.ban-duration-range'));
  }
  if (action.type === 'redirect') return onField('action.url', validateHttpUrl(action.url));
  return [];
}

/** The action as stored: only the parameters its type uses. */
export function normalizeWafAction(action: WafActionInput): WafActionInput {
  if (action.type === 'ban') return { type: 'ban', duration: Number(action.duration) };
  if (action.type === 'redirect') return { type: 'redirect', url: (action.url ?? '').trim() };
  return { type: action.type };
}
