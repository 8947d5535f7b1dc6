/**
 * The performance, error page and live streaming tabs' settings groups (shell §3 "Domain settings groups" and
 * "Setting items"; rules §3 "Custom error page"; rules §5 "Origin and performance"; rules §9 upload size, HTML page):
 * values, defaults and validation shared by the browser forms and the reference server. The spec's group names are
 * used as they are (`page_gzip`, `Webp`, `mobile_jump`, `search_engine_optimization`, `websocket`, `resp_headers`,
 * `custom_page`, and the live groups `push`, `pull`, `hls`, `tscode`, `storage`, `record`, `refer`, `wblist`);
 * `upload_size` and `req_headers` name setting items the spec lists without a group name.
 */
import type { SwitchValue } from '../api/endpoints/websites.js';
import type { FieldIssue } from '../api/catalogue.js';
import { DEFAULT_WEBSITE_SETTINGS } from '../api/endpoints/websites.js';
import { charLength, containsChinese, validateIntegerRange, type Bounds } from '../rules/common.js';
import { validateDomain } from '../rules/domain.js';
import { validateCustomPage } from '../rules/html.js';
import { validateIpOrCidr } from '../rules/ip.js';
import {
  CUSTOM_RESPONSE_HEADERS_MAX,
  UPLOAD_SIZE_MB_RANGE,
  validateHeaderName,
  validateMatchContent,
  validateOriginAddress,
} from '../rules/origin.js';
import { issue, onField, type RuleIssue } from '../rules/types.js';
import { validateHttpUrl } from '../rules/url.js';

/** A group that is only a switch. */
export interface SwitchGroup {
  status: SwitchValue;
}

/** `mobile_jump`: mobile visitors are redirected. */
export interface MobileJumpGroup {
  status: SwitchValue;
  /** http(s) URL the mobile visitor goes to. */
  target: string;
}

/** `search_engine_optimization`: search engine crawlers are fetched from the origin directly (not cached). */
export interface SeoGroup {
  status: SwitchValue;
}

/** `websocket`: plan-gated by the `websocket` action. */
export interface WebsocketGroup {
  status: SwitchValue;
  /** Idle seconds, 1-3600. */
  timeout: number;
}

/** `upload_size`: largest request body, 10-500 MB (rules §5, §9). */
export interface UploadSizeGroup {
  megabytes: number;
}

/** A header to add, replace or remove. */
export interface HeaderRule {
  /** Letters, digits, `-` and `_`, 1-100 (rules §5). For response headers, one of shell §3's list or a custom name. */
  name: string;
  /** 1-1000 characters, no Chinese (rules §5); '' for `delete`. */
  value: string;
  action: 'set' | 'delete';
}

/** `req_headers`: headers added to requests sent to the origin. */
export interface ReqHeadersGroup {
  headers: HeaderRule[];
}

/** `resp_headers`: headers added to responses; at most 8 custom ones (rules §5). */
export interface RespHeadersGroup {
  headers: HeaderRule[];
}

/** One custom error page (rules §3: status code, custom type default / custom HTML / URL link). */
export interface CustomPageEntry {
  /** 4xx or 5xx. */
  code: number;
  type: 'default' | 'html' | 'url';
  /** When `html`: at most 64K, not empty, no JavaScript (rules §5, §9). */
  html: string;
  /** When `url`: http(s). */
  url: string;
}

/** `custom_page`: error pages by status code. */
export interface CustomPageGroup {
  pages: CustomPageEntry[];
}

/** A live streaming group: each has a switch and its own settings (plan-gated: shown only where the plan has them). */
export interface LiveGroup {
  status: SwitchValue;
  /** The group's settings, named per group (see the live tab). */
  options: Record<string, string | number | boolean | string[]>;
}

// ---------------------------------------------------------------------------------------------------------------------
// Defaults and validation (the same functions run in the browser forms and in the reference server's `parse`).
// ---------------------------------------------------------------------------------------------------------------------

/** WebSocket idle timeout (shell §3 "WebSocket"; rules §5 states 1-3600 among its numeric ranges). */
export const WEBSOCKET_TIMEOUT_RANGE: Bounds = { min: 1, max: 3600 };
export const WEBSOCKET_TIMEOUT_DEFAULT = 60;
/** Upload size default: the largest the spec allows would surprise nobody, the smallest would break uploads. */
export const UPLOAD_SIZE_DEFAULT = 100;

/**
 * The response headers shell §3 lists by name ("Cache-Control, Content-Disposition, Content-Language, Expires, five
 * Access-Control-* headers, custom"). The five CORS headers a response carries (Allow-Credentials is left to the
 * custom name: the list names five).
 */
export const RESPONSE_HEADER_NAMES = [
  'Cache-Control',
  'Content-Disposition',
  'Content-Language',
  'Expires',
  'Access-Control-Allow-Origin',
  'Access-Control-Allow-Methods',
  'Access-Control-Allow-Headers',
  'Access-Control-Expose-Headers',
  'Access-Control-Max-Age',
] as const;

/** Error status codes a custom page can answer (rules §3 "Custom error page": status code). */
export const CUSTOM_PAGE_CODES = [400, 403, 404, 405, 408, 410, 429, 500, 501, 502, 503, 504] as const;

/**
 * Header rules per group. rules §5 says "Only 8 custom response headers are allowed" and shell §3 "only 8 headers can
 * be customised": read strictly, every entry of the response-header list counts (a listed name is customised too),
 * so the list holds at most 8. The request headers have no stated limit; the same 8 keeps the two lists alike.
 */
export const HEADER_RULES_MAX = CUSTOM_RESPONSE_HEADERS_MAX;

export const PERFORMANCE_DEFAULTS = {
  page_gzip: (): SwitchGroup => ({ status: DEFAULT_WEBSITE_SETTINGS.page_gzip }),
  Webp: (): SwitchGroup => ({ status: DEFAULT_WEBSITE_SETTINGS.Webp }),
  mobile_jump: (): MobileJumpGroup => ({ status: 'off', target: '' }),
  search_engine_optimization: (): SeoGroup => ({ status: 'off' }),
  websocket: (): WebsocketGroup => ({ status: DEFAULT_WEBSITE_SETTINGS.websocket, timeout: WEBSOCKET_TIMEOUT_DEFAULT }),
  upload_size: (): UploadSizeGroup => ({ megabytes: UPLOAD_SIZE_DEFAULT }),
  req_headers: (): ReqHeadersGroup => ({ headers: [] }),
  resp_headers: (): RespHeadersGroup => ({ headers: [] }),
  custom_page: (): CustomPageGroup => ({ pages: [] }),
};

/** `mobile_jump`: when on, the target is an http(s) URL (rules §5 "target URL begins with http or https"). */
export function validateMobileJump(value: MobileJumpGroup): FieldIssue[] {
  return value.status === 'on' ? onField('target', validateHttpUrl(value.target)) : [];
}

/** `websocket`: idle timeout 1-3600 s. */
export function validateWebsocket(value: WebsocketGroup): FieldIssue[] {
  return onField('timeout', validateIntegerRange(value.timeout, WEBSOCKET_TIMEOUT_RANGE, 'performance-tab.websocket-timeout-range'));
}

/** `upload_size`: 10-500 MB (rules §5, §9). */
export function validateUploadSizeGroup(value: UploadSizeGroup): FieldIssue[] {
  return onField('megabytes', validateIntegerRange(value.megabytes, UPLOAD_SIZE_MB_RANGE, 'origin.upload-size-range'));
}

/** A header value: 1-1000 characters, no Chinese (rules §5); none when the header is removed. */
function validateHeaderValue(rule: HeaderRule): RuleIssue | null {
  if (rule.action === 'delete') return null;
  return validateMatchContent(rule.value);
}

function validateHeaderList(headers: readonly HeaderRule[], response: boolean): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (headers.length > HEADER_RULES_MAX) {
    issues.push(...onField('headers', response ? issue('origin.response-headers-limit', { max: HEADER_RULES_MAX }) : issue('performance-tab.headers-limit', { max: HEADER_RULES_MAX })));
  }
  const seen = new Set<string>();
  headers.forEach((rule, index) => {
    const nameIssue = validateHeaderName(rule.name);
    issues.push(...onField(`headers.${index}.name`, nameIssue));
    // Header names are case-insensitive (RFC 9110): two rules for one header would contradict each other.
    const key = rule.name.trim().toLowerCase();
    if (nameIssue === null && seen.has(key)) issues.push(...onField(`headers.${index}.name`, issue('performance-tab.header-duplicate')));
    seen.add(key);
    issues.push(...onField(`headers.${index}.value`, validateHeaderValue(rule)));
  });
  return issues;
}

/** `req_headers` (rules §5: name letters/digits/-/_ 1-100; value 1-1000 without Chinese). */
export function validateReqHeaders(value: ReqHeadersGroup): FieldIssue[] {
  return validateHeaderList(value.headers, false);
}

/** `resp_headers` (rules §5 as `req_headers`, and at most 8: see {@link HEADER_RULES_MAX}). */
export function validateRespHeaders(value: RespHeadersGroup): FieldIssue[] {
  return validateHeaderList(value.headers, true);
}

/** `custom_page` (rules §3 custom error page; rules §5/§9 HTML at most 64K, not empty, no JavaScript). */
export function validateCustomPages(value: CustomPageGroup): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const seen = new Set<number>();
  value.pages.forEach((page, index) => {
    if (!(CUSTOM_PAGE_CODES as readonly number[]).includes(page.code)) issues.push(...onField(`pages.${index}.code`, issue('performance-tab.page-code')));
    else if (seen.has(page.code)) issues.push(...onField(`pages.${index}.code`, issue('performance-tab.page-code-duplicate')));
    seen.add(page.code);
    if (page.type === 'html') issues.push(...onField(`pages.${index}.html`, validateCustomPage(page.html)));
    if (page.type === 'url') issues.push(...onField(`pages.${index}.url`, validateHttpUrl(page.url)));
  });
  return issues;
}

// ---------------------------------------------------------------------------------------------------------------------
// Live streaming groups (shell §3 live groups push, pull, hls, tscode, storage, record, refer, wblist). The spec names
// the groups only; each gets the few options a live CDN console offers for it, with ranges taken from the numeric
// ranges rules §5 states (1-3600, 1-60, 1-24, 1-7). One table describes them, so the form and the checks agree.
// ---------------------------------------------------------------------------------------------------------------------

/** The live groups' names. */
export const LIVE_GROUPS = ['push', 'pull', 'hls', 'tscode', 'storage', 'record', 'refer', 'wblist'] as const;
export type LiveGroupName = (typeof LIVE_GROUPS)[number];

/** One option of a live group. */
export type LiveOption =
  | { name: string; kind: 'integer'; range: Bounds; default: number }
  | { name: string; kind: 'choice'; choices: readonly string[]; default: string }
  | { name: string; kind: 'multi'; choices: readonly string[]; default: string[] }
  | { name: string; kind: 'boolean'; default: boolean }
  /** Text checked by `rule`; `requiredWhen` names a boolean option that makes it required (else always required). */
  | { name: string; kind: 'text'; rule: 'key' | 'address' | 'path'; default: string; requiredWhen?: string }
  /** One entry per line, checked by `rule`, 1-`max` entries. */
  | { name: string; kind: 'list'; rule: 'domain' | 'ip'; max: number; default: string[] };

/**
 * Every live group's options:
 * - push: authenticated push (a key of 6-32 letters and digits), signed URL validity 1-3600 s;
 * - pull: the live origin (address, port, protocol RTMP / HTTP-FLV / HLS);
 * - hls: segment length 1-60 s, segments in the playlist 1-24;
 * - tscode: codec and the output qualities (at least one);
 * - storage: days kept 1-7, storage path (starts with /);
 * - record: file format, file length 1-60 minutes;
 * - refer: referer black or white list of domains (1-100), empty referer allowed or not;
 * - wblist: IP black or white list (IPs or CIDR blocks, 1-200).
 */
export const LIVE_OPTIONS: Record<LiveGroupName, readonly LiveOption[]> = {
  push: [
    { name: 'auth', kind: 'boolean', default: false },
    { name: 'key', kind: 'text', rule: 'key', default: '', requiredWhen: 'auth' },
    { name: 'ttl', kind: 'integer', range: { min: 1, max: 3600 }, default: 1800 },
  ],
  pull: [
    { name: 'protocol', kind: 'choice', choices: ['rtmp', 'flv', 'hls'], default: 'rtmp' },
    { name: 'origin', kind: 'text', rule: 'address', default: '' },
    { name: 'port', kind: 'integer', range: { min: 1, max: 65535 }, default: 1935 },
  ],
  hls: [
    { name: 'segment', kind: 'integer', range: { min: 1, max: 60 }, default: 6 },
    { name: 'playlist', kind: 'integer', range: { min: 1, max: 24 }, default: 3 },
  ],
  tscode: [
    { name: 'codec', kind: 'choice', choices: ['h264', 'h265'], default: 'h264' },
    { name: 'qualities', kind: 'multi', choices: ['ld', 'sd', 'hd', 'uhd'], default: ['sd', 'hd'] },
  ],
  storage: [
    { name: 'days', kind: 'integer', range: { min: 1, max: 7 }, default: 7 },
    { name: 'path', kind: 'text', rule: 'path', default: '/live' },
  ],
  record: [
    { name: 'format', kind: 'choice', choices: ['flv', 'mp4', 'hls'], default: 'mp4' },
    { name: 'minutes', kind: 'integer', range: { min: 1, max: 60 }, default: 30 },
  ],
  refer: [
    { name: 'mode', kind: 'choice', choices: ['black', 'white'], default: 'white' },
    { name: 'domains', kind: 'list', rule: 'domain', max: 100, default: [] },
    { name: 'allow_empty', kind: 'boolean', default: true },
  ],
  wblist: [
    { name: 'mode', kind: 'choice', choices: ['black', 'white'], default: 'black' },
    { name: 'ips', kind: 'list', rule: 'ip', max: 200, default: [] },
  ],
};

/** A live group's defaults: off, every option at its default. */
export function liveDefaults(name: LiveGroupName): LiveGroup {
  return { status: 'off', options: Object.fromEntries(LIVE_OPTIONS[name].map((option) => [option.name, Array.isArray(option.default) ? [...option.default] : option.default])) };
}

function validateLiveText(rule: 'key' | 'address' | 'path', text: string): RuleIssue | null {
  if (text.trim().length === 0) return issue('common.required');
  if (rule === 'key') return /^[A-Za-z0-9]{6,32}$/.test(text) ? null : issue('performance-tab.live-key');
  if (rule === 'address') return validateOriginAddress(text);
  if (!text.startsWith('/')) return issue('common.start-with-slash');
  return charLength(text) > 200 || containsChinese(text) || /\s/.test(text) ? issue('common.format-error') : null;
}

/**
 * Checks a live group. A switched-off group is still checked: its options are kept and come back when it is turned
 * on, so nothing invalid is stored meanwhile.
 */
export function validateLiveGroup(name: LiveGroupName, value: LiveGroup): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const option of LIVE_OPTIONS[name]) {
    const field = `options.${option.name}`;
    const raw = value.options[option.name];
    switch (option.kind) {
      case 'integer':
        issues.push(...onField(field, validateIntegerRange(raw as number, option.range)));
        break;
      case 'choice':
        if (!option.choices.includes(raw as string)) issues.push(...onField(field, issue('common.format-error')));
        break;
      case 'multi': {
        const list = Array.isArray(raw) ? raw : [];
        if (list.length === 0) issues.push(...onField(field, issue('performance-tab.live-choose-one')));
        else if (list.some((entry) => !option.choices.includes(entry))) issues.push(...onField(field, issue('common.format-error')));
        break;
      }
      case 'boolean':
        if (typeof raw !== 'boolean') issues.push(...onField(field, issue('common.format-error')));
        break;
      case 'text': {
        const text = typeof raw === 'string' ? raw : '';
        const needed = option.requiredWhen === undefined || value.options[option.requiredWhen] === true;
        if (needed || text.length > 0) issues.push(...onField(field, validateLiveText(option.rule, text)));
        break;
      }
      case 'list': {
        // A form keeps the lines as typed (blank ones too); blank lines are not entries, and lines are counted as typed.
        const lines = (Array.isArray(raw) ? raw : []).map((entry) => String(entry).trim());
        const list = lines.filter((entry) => entry.length > 0);
        if (list.length === 0) {
          if (value.status === 'on') issues.push(...onField(field, issue('common.rule-required')));
        } else if (list.length > option.max) {
          issues.push(...onField(field, issue('performance-tab.live-list-limit', { max: option.max })));
        } else {
          const index = lines.findIndex((entry) => entry.length > 0 && (option.rule === 'domain' ? validateDomain(entry, { wildcard: true }) : validateIpOrCidr(entry)) !== null);
          if (index >= 0) issues.push(...onField(field, issue('performance-tab.live-list-entry', { line: index + 1 })));
        }
        break;
      }
    }
  }
  return issues;
}

/** Validates any performance/pages/live group by name (the server's `parse` and the forms both call this). */
export function validatePerformanceGroup(name: string, value: unknown): FieldIssue[] {
  switch (name) {
    case 'mobile_jump':
      return validateMobileJump(value as MobileJumpGroup);
    case 'websocket':
      return validateWebsocket(value as WebsocketGroup);
    case 'upload_size':
      return validateUploadSizeGroup(value as UploadSizeGroup);
    case 'req_headers':
      return validateReqHeaders(value as ReqHeadersGroup);
    case 'resp_headers':
      return validateRespHeaders(value as RespHeadersGroup);
    case 'custom_page':
      return validateCustomPages(value as CustomPageGroup);
    default:
      return (LIVE_GROUPS as readonly string[]).includes(name) ? validateLiveGroup(name as LiveGroupName, value as LiveGroup) : [];
  }
}

/** Whether a response header name is one of shell §3's list (otherwise it is a custom name). */
export function isListedResponseHeader(name: string): boolean {
  return (RESPONSE_HEADER_NAMES as readonly string[]).some((listed) => listed.toLowerCase() === name.trim().toLowerCase());
}
