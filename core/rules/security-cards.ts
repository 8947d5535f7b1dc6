/**
 * The checks of every web security protection card (issue 22; core/security/cards.ts holds the cards and their
 * values): the browser's card editors and the reference server run the same ones, so a card reads the same whether the
 * editor or the server refused it. Field names are paths into the card's value (`paths.2`, `schedule.start`).
 *
 * - Paths (CSRF, replay protection, visitor authentication): each starts with `/`, at most 128 characters, one per
 *   line (rules §5 "Match rules and WAF": paths).
 * - Referer domains: a domain or a wildcard domain (rules §2 referer hotlink protection).
 * - Visitor authentication key: 6-32 letters and digits (the spec names a key but no form; the MD5 token of rules §5
 *   needs a shared secret both sides can type, so the stricter reading is letters and digits only); the header name
 *   follows the custom request header rule (rules §5: letters, digits, - and _, 1-100).
 * - Replay window 5, 10 or 15 minutes only (rules §9).
 * - Region schedule: `HH:MM` on Beijing time and ISO weekdays 1-7 (rules §4); which region keys exist is the server's
 *   check (the region tree lives there).
 * - Ban duration within BAN_DURATION_RANGE (core/rules/waf-actions.ts), as a WAF rule's ban.
 * - Block page: custom HTML at most 64K without JavaScript, or an http(s) URL (rules §5, core/rules/html.ts, url.ts).
 */
import { KNOWN_BOT_CATEGORIES, REPLAY_WINDOWS_MINUTES, type SecurityCardName, type SecurityCardValues } from '../security/cards.js';
import { validateIntegerRange, type Bounds } from './common.js';
import { isDomain } from './domain.js';
import { validateCustomPage } from './html.js';
import { validateHeaderName } from './origin.js';
import { issue, onField, type FieldIssue, type RuleIssue } from './types.js';
import { validateHttpUrl } from './url.js';
import { BAN_DURATION_RANGE } from './waf-actions.js';

/** Rules §5: a protected path is at most 128 characters. */
export const SECURITY_PATH_MAX_LENGTH = 128;
/** Paths one card lists (one per line; the spec gives no count, so a page of them). */
export const SECURITY_PATHS_MAX = 100;
/** Referer domains one card lists. */
export const REFERER_DOMAINS_MAX = 100;
/** The visitor authentication key: 6-32 letters and digits (see the module comment). */
export const VISITOR_KEY_LENGTH: Bounds = { min: 6, max: 32 };

const MODES = ['observe', 'block', 'ban'];
const LEVELS = ['normal', 'strict'];

/** One protected path (rules §5). */
export function validateSecurityPath(value: string): RuleIssue | null {
  const text = value.trim();
  if (text.length === 0) return issue('common.cannot-be-empty');
  if (!text.startsWith('/')) return issue('common.start-with-slash');
  return text.length > SECURITY_PATH_MAX_LENGTH ? issue('web-security.path-too-long', { max: SECURITY_PATH_MAX_LENGTH }) : null;
}

function pathIssues(field: string, paths: readonly string[], required = false): FieldIssue[] {
  if (required && paths.length === 0) return onField(field, issue('web-security.paths-required'));
  if (paths.length > SECURITY_PATHS_MAX) return onField(field, issue('web-security.too-many', { max: SECURITY_PATHS_MAX }));
  const seen = new Set<string>();
  return paths.flatMap((path, index) => {
    const found = validateSecurityPath(path);
    if (found) return onField(`${field}.${index}`, found);
    if (seen.has(path.trim())) return onField(`${field}.${index}`, issue('web-security.duplicate', { value: path.trim() }));
    seen.add(path.trim());
    return [];
  });
}

function oneOf(field: string, value: unknown, allowed: readonly unknown[]): FieldIssue[] {
  return allowed.includes(value) ? [] : onField(field, issue('common.format-error'));
}

/** A Beijing-time clock time `HH:MM`. */
export function validateClockTime(value: string): RuleIssue | null {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? null : issue('web-security.time-format');
}

/** The visitor authentication key. */
export function validateVisitorKey(value: string): RuleIssue | null {
  if (value.trim().length === 0) return issue('common.required');
  const { min, max } = VISITOR_KEY_LENGTH;
  return value.length >= min && value.length <= max && /^[A-Za-z0-9]+$/.test(value) ? null : issue('web-security.key-format', { min, max });
}

/** One referer domain (wildcards allowed). */
export function validateRefererDomain(value: string): RuleIssue | null {
  const text = value.trim();
  if (text.length === 0) return issue('common.cannot-be-empty');
  return isDomain(text, { wildcard: true }) ? null : issue('domain.format-error');
}

type Checks = { [N in SecurityCardName]: (value: SecurityCardValues[N]) => FieldIssue[] };

const CHECKS: Checks = {
  bot_management: (value) => [
    ...KNOWN_BOT_CATEGORIES.flatMap((category) => oneOf(`known_bots.${category}`, value.known_bots[category], ['allow', 'observe', 'block'])),
    ...oneOf('unknown_bot_action', value.unknown_bot_action, ['observe', 'js_challenge', 'captcha', 'block']),
  ],
  // CSRF protects the paths it names: switched on without one, it protects nothing.
  csrf: (value) => [...oneOf('mode', value.mode, MODES), ...pathIssues('paths', value.paths, value.enabled), ...pathIssues('exception_paths', value.exception_paths)],
  cloud_waf: (value) => {
    const issues = [...oneOf('mode', value.mode, MODES), ...oneOf('block_page.type', value.block_page.type, ['default', 'html', 'url'])];
    if (new Set(value.rule_set_ids).size !== value.rule_set_ids.length) issues.push(...onField('rule_set_ids', issue('web-security.duplicate-rule-set')));
    if (value.block_page.type === 'html') issues.push(...onField('block_page.html', validateCustomPage(value.block_page.html)));
    if (value.block_page.type === 'url') issues.push(...onField('block_page.url', validateHttpUrl(value.block_page.url)));
    return issues;
  },
  intelligent_protection: (value) => oneOf('level', value.level, ['default', 'normal', 'strict', 'captcha']),
  referer_hotlink: (value) => {
    const issues = oneOf('list_type', value.list_type, ['allow', 'deny']);
    if (value.enabled && value.domains.length === 0) issues.push(...onField('domains', issue('web-security.domains-required')));
    if (value.domains.length > REFERER_DOMAINS_MAX) issues.push(...onField('domains', issue('web-security.too-many', { max: REFERER_DOMAINS_MAX })));
    value.domains.forEach((domain, index) => issues.push(...onField(`domains.${index}`, validateRefererDomain(domain))));
    return issues;
  },
  visitor_authentication: (value) => [
    ...onField('key', value.enabled || value.key !== '' ? validateVisitorKey(value.key) : null),
    ...onField('header', validateHeaderName(value.header)),
    ...pathIssues('paths', value.paths),
  ],
  ip_behavior_analysis: (value) => [...oneOf('mode', value.mode, MODES), ...oneOf('level', value.level, LEVELS)],
  replay_protection: (value) => [
    ...onField('window_minutes', (REPLAY_WINDOWS_MINUTES as readonly number[]).includes(value.window_minutes) ? null : issue('web-security.replay-window')),
    ...oneOf('action', value.action, ['block', 'captcha', 'observe', 'deny']),
    ...pathIssues('paths', value.paths),
    ...pathIssues('exception_paths', value.exception_paths),
  ],
  region_block: (value) => {
    const issues = oneOf('mode', value.mode, MODES);
    if (value.enabled && value.regions.length === 0) issues.push(...onField('regions', issue('web-security.regions-required')));
    const { schedule } = value;
    if (!schedule.always) {
      if (schedule.weekdays.length === 0 || schedule.weekdays.some((day) => !Number.isInteger(day) || day < 1 || day > 7)) {
        issues.push(...onField('schedule.weekdays', issue('web-security.weekdays')));
      }
      issues.push(...onField('schedule.start', validateClockTime(schedule.start)), ...onField('schedule.end', validateClockTime(schedule.end)));
    }
    return issues;
  },
  webshell_detection: (value) => oneOf('mode', value.mode, MODES),
  application_ddos_protection: (value) => [
    ...oneOf('mode', value.mode, MODES),
    ...oneOf('level', value.level, LEVELS),
    ...onField('ban_seconds', validateIntegerRange(value.ban_seconds, BAN_DURATION_RANGE, 'waf.ban-duration-range')),
  ],
};

/**
 * Every issue of one card's value, fields named from the value. The value must have the card's shape (the server
 * parses it strictly first: demo/server/features/web-security/payloads.ts); region keys are checked by the server.
 */
export function validateSecurityCard<N extends SecurityCardName>(name: N, value: SecurityCardValues[N]): FieldIssue[] {
  return (CHECKS[name] as (value: SecurityCardValues[N]) => FieldIssue[])(value);
}
