/**
 * The server definitions of the performance, error page and live streaming tabs' groups (shell §3 settings groups;
 * rules §3 custom error page, §5 origin and performance, §9 upload size and HTML page). Each `parse` reads the posted
 * shape (unknown fields dropped, wrong types refused) and then runs the shared checks of core/settings/performance.ts,
 * the same the forms run.
 *
 * `page_gzip`, `Webp` and `websocket` are also configuration items of batch setting and the website list, kept in
 * `domains.settings`: these groups read and write them there (`load`/`store`), so there is one source of truth. The
 * WebSocket idle timeout, which batch setting does not know, is kept beside them under `websocket_timeout`.
 */
import type { FieldIssue } from '../../../../../core/api/catalogue.js';
import type { SwitchValue } from '../../../../../core/api/endpoints/websites.js';
import type { SettingsGroupName, SettingsGroupValues } from '../../../../../core/settings/catalogue.js';
import {
  LIVE_GROUPS,
  LIVE_OPTIONS,
  PERFORMANCE_DEFAULTS,
  WEBSOCKET_TIMEOUT_DEFAULT,
  liveDefaults,
  validatePerformanceGroup,
  type CustomPageEntry,
  type HeaderRule,
  type LiveGroup,
  type LiveGroupName,
} from '../../../../../core/settings/performance.js';
import { issue, onField } from '../../../../../core/rules/types.js';
import { parseSettings } from '../../websites/index.js';
import { planContextOf, planIssue } from '../../plans/index.js';
import type { AnySettingsGroupDefinition, GroupContext, ParsedGroup, SettingsGroupDefinition } from '../registry.js';

type Raw = Record<string, unknown>;

function record(value: unknown): Raw | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : null;
}

/** Collects shape issues while a value is read. */
class Reader {
  readonly issues: FieldIssue[] = [];

  wrong(field: string): void {
    this.issues.push(...onField(field, issue('common.format-error')));
  }

  object(raw: unknown, field = ''): Raw {
    const found = record(raw);
    if (found === null) this.wrong(field);
    return found ?? {};
  }

  switch(raw: unknown, field: string): SwitchValue {
    if (raw === 'on' || raw === 'off') return raw;
    this.wrong(field);
    return 'off';
  }

  /** A whole number (or its digits as text, as form fields post them); NaN stays for the range check to name. */
  integer(raw: unknown, field: string): number {
    if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
    if (typeof raw === 'string' && /^\s*-?\d+\s*$/.test(raw)) return Number(raw);
    if (raw === undefined || raw === null || raw === '') return Number.NaN;
    this.wrong(field);
    return Number.NaN;
  }

  text(raw: unknown, field: string): string {
    if (typeof raw === 'string') return raw;
    if (raw === undefined || raw === null) return '';
    this.wrong(field);
    return '';
  }

  list(raw: unknown, field: string): unknown[] {
    if (Array.isArray(raw)) return raw;
    if (raw !== undefined) this.wrong(field);
    return [];
  }

  oneOf<T extends string>(raw: unknown, choices: readonly T[], field: string): T {
    if ((choices as readonly unknown[]).includes(raw)) return raw as T;
    this.wrong(field);
    return choices[0]!;
  }
}

/** A definition from a shape reader and the shared checks. */
function groupOf<N extends SettingsGroupName>(
  name: N,
  defaults: () => SettingsGroupValues[N],
  read: (raw: Raw, reader: Reader) => SettingsGroupValues[N],
  storage: Pick<SettingsGroupDefinition<N>, 'load' | 'store' | 'check'> = {},
): SettingsGroupDefinition<N> {
  return {
    name,
    defaults,
    parse(raw: unknown): ParsedGroup<SettingsGroupValues[N]> {
      const reader = new Reader();
      const value = read(reader.object(raw), reader);
      if (reader.issues.length > 0) return { value, issues: reader.issues };
      return { value, issues: validatePerformanceGroup(name, value) };
    },
    ...storage,
  };
}

// --- domains.settings (shared with batch setting and the website list) ----------------------------------------------

function siteSettings(context: GroupContext): Record<string, unknown> {
  const row = context.tenant.get<{ settings: string }>('domains', { columns: 'settings', where: 'id = @id', params: { id: context.domain.id } });
  return parseSettings(row?.settings ?? '{}') as unknown as Record<string, unknown>;
}

function writeSiteSettings(context: GroupContext, changes: Record<string, unknown>): void {
  const merged = { ...siteSettings(context), ...changes };
  context.tenant.update('domains', { settings: JSON.stringify(merged), updated_at: context.now }, 'id = @id', { id: context.domain.id });
}

function siteSwitch(name: 'page_gzip' | 'Webp'): SettingsGroupDefinition<typeof name> {
  return groupOf(name, PERFORMANCE_DEFAULTS[name], (raw, reader) => ({ status: reader.switch(raw.status, 'status') }), {
    load: (context) => ({ status: siteSettings(context)[name] === 'on' ? 'on' : 'off' }),
    store: (value, context) => writeSiteSettings(context, { [name]: value.status }),
  });
}

const websocket = groupOf(
  'websocket',
  PERFORMANCE_DEFAULTS.websocket,
  (raw, reader) => ({ status: reader.switch(raw.status, 'status'), timeout: reader.integer(raw.timeout, 'timeout') }),
  {
    load: (context) => {
      const stored = siteSettings(context);
      const timeout = Number(stored.websocket_timeout);
      return { status: stored.websocket === 'on' ? 'on' : 'off', timeout: Number.isInteger(timeout) && timeout > 0 ? timeout : WEBSOCKET_TIMEOUT_DEFAULT };
    },
    store: (value, context) => writeSiteSettings(context, { websocket: value.status, websocket_timeout: value.timeout }),
  },
);

// --- the generic table ----------------------------------------------------------------------------------------------

function readHeaders(raw: Raw, reader: Reader): { headers: HeaderRule[] } {
  return {
    headers: reader.list(raw.headers, 'headers').map((entry, index) => {
      const rule = reader.object(entry, `headers.${index}`);
      const action = reader.oneOf(rule.action ?? 'set', ['set', 'delete'] as const, `headers.${index}.action`);
      return {
        name: reader.text(rule.name, `headers.${index}.name`).trim(),
        value: action === 'delete' ? '' : reader.text(rule.value, `headers.${index}.value`),
        action,
      };
    }),
  };
}

function readPage(entry: unknown, index: number, reader: Reader): CustomPageEntry {
  const page = reader.object(entry, `pages.${index}`);
  const type = reader.oneOf(page.type, ['default', 'html', 'url'] as const, `pages.${index}.type`);
  const code = reader.integer(page.code, `pages.${index}.code`);
  // Only what the type uses is kept: a page switched to `default` forgets its HTML.
  return {
    code,
    type,
    html: type === 'html' ? reader.text(page.html, `pages.${index}.html`) : '',
    url: type === 'url' ? reader.text(page.url, `pages.${index}.url`).trim() : '',
  };
}

function readLive(name: LiveGroupName, raw: Raw, reader: Reader): LiveGroup {
  const options = reader.object(raw.options ?? {}, 'options');
  const value: LiveGroup = { status: reader.switch(raw.status, 'status'), options: {} };
  for (const option of LIVE_OPTIONS[name]) {
    const field = `options.${option.name}`;
    const given = options[option.name] ?? option.default;
    switch (option.kind) {
      case 'integer':
        value.options[option.name] = reader.integer(given, field);
        break;
      case 'choice':
        value.options[option.name] = reader.text(given, field);
        break;
      case 'boolean':
        if (typeof given !== 'boolean') reader.wrong(field);
        value.options[option.name] = given === true;
        break;
      case 'text':
        value.options[option.name] = reader.text(given, field).trim();
        break;
      case 'multi':
      case 'list':
        value.options[option.name] = reader
          .list(given, field)
          .map((entry) => reader.text(entry, field).trim())
          .filter((entry) => entry.length > 0);
        break;
    }
  }
  return value;
}

export const performanceGroupDefinitions: readonly AnySettingsGroupDefinition[] = [
  siteSwitch('page_gzip') as AnySettingsGroupDefinition,
  siteSwitch('Webp') as AnySettingsGroupDefinition,
  groupOf('mobile_jump', PERFORMANCE_DEFAULTS.mobile_jump, (raw, reader) => ({ status: reader.switch(raw.status, 'status'), target: reader.text(raw.target, 'target').trim() })),
  groupOf('search_engine_optimization', PERFORMANCE_DEFAULTS.search_engine_optimization, (raw, reader) => ({ status: reader.switch(raw.status, 'status') })),
  websocket,
  groupOf('upload_size', PERFORMANCE_DEFAULTS.upload_size, (raw, reader) => ({ megabytes: reader.integer(raw.megabytes, 'megabytes') })),
  groupOf('req_headers', PERFORMANCE_DEFAULTS.req_headers, readHeaders),
  groupOf('resp_headers', PERFORMANCE_DEFAULTS.resp_headers, readHeaders),
  groupOf(
    'custom_page',
    PERFORMANCE_DEFAULTS.custom_page,
    (raw, reader) => ({ pages: reader.list(raw.pages, 'pages').map((entry, index) => readPage(entry, index, reader)) }),
    {
      // Rules §3 page types (default, custom HTML, URL link) are the package's `waf_block_diy_page` options (shell §3).
      check(value, context) {
        const plan = planContextOf(context.request);
        return value.pages.flatMap((page, index) => {
          const refused = planIssue(context.request, 'waf_block_diy_page', { value: page.type, field: `pages.${index}.type` }, plan);
          return refused ? [refused] : [];
        });
      },
    },
  ),
  ...LIVE_GROUPS.map((name) => groupOf(name, () => liveDefaults(name), (raw, reader) => readLive(name, raw, reader)) as AnySettingsGroupDefinition),
] as AnySettingsGroupDefinition[];
