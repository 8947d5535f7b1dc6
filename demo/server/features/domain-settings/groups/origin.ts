/**
 * The server definitions of the origin tab's settings groups (rules §3 "Origin", "Conditional origin", "Origin health
 * and probe"; rules §5 Origin and performance; rules §6 non-standard ports; rules §9). Every posted value is read
 * into its group's shape and checked with the shared rules of core/settings/origin.ts, the same the console's forms
 * run, so a post that skips the form gets the same messages.
 *
 * Storage: `origin` lives where the domain list and the add wizard read it (domains.origin_protocol,
 * domains.load_balancing, website_origins); `origin_advanced` in domains.settings, whose `origin_timeout` batch
 * setting also writes; the other groups in the generic table.
 */
import type { FieldIssue } from '../../../../../core/api/catalogue.js';
import type { WebsiteSettings } from '../../../../../core/api/endpoints/websites.js';
import { parseInteger } from '../../../../../core/rules/common.js';
import { issue, onField } from '../../../../../core/rules/types.js';
import type { SettingsGroupName, SettingsGroupValues } from '../../../../../core/settings/catalogue.js';
import {
  ORIGIN_DEFAULTS,
  ORIGIN_PULL_RANGES,
  ORIGIN_VALIDATORS,
  STANDARD_LISTEN_PORTS,
  nonStandardPortIndexes,
  validateConditionalOrigin,
  type ConditionalOriginRule,
  type OriginEntry,
  type OriginHealthGroup,
} from '../../../../../core/settings/origin.js';
import { asRecord } from '../../../platform/http/readers.js';
import { parseSettings } from '../../websites/index.js';
import type { GroupContext, ParsedGroup, SettingsGroupDefinition } from '../registry.js';
import { loadGroups, SETTING_GROUPS } from '../store.js';
import { originHealthStates } from './origin-health.js';
import { planContextOf, planIssue } from '../../plans/index.js';

type Raw = Record<string, unknown>;

/** Numbers stay as posted (a string is checked by the same rule as typed text) and become numbers once valid. */
function numeric(value: unknown): number {
  return typeof value === 'number' ? value : (parseInteger(typeof value === 'string' ? value : null) ?? Number.NaN);
}

/** Reads the fields a group knows (unknown ones dropped), checks them, and answers the typed value when clean. */
function parsed<N extends SettingsGroupName>(loose: unknown, issues: FieldIssue[], typed: () => SettingsGroupValues[N]): ParsedGroup<SettingsGroupValues[N]> {
  return issues.length > 0 ? { value: loose as SettingsGroupValues[N], issues } : { value: typed(), issues };
}

function pick(raw: unknown, names: readonly string[]): Raw {
  const record = asRecord(raw);
  return Object.fromEntries(names.filter((name) => name in record).map((name) => [name, record[name]]));
}

function rows(raw: unknown): unknown[] {
  return Array.isArray(raw) ? raw : [];
}

interface DomainOriginRow {
  origin_protocol: 0 | 1 | 2;
  load_balancing: 0 | 1 | 2;
  settings: string;
  network_type: string;
  created_at: number;
}

function domainRow(context: GroupContext): DomainOriginRow {
  return context.tenant.get<DomainOriginRow>('domains', {
    columns: 'origin_protocol, load_balancing, settings, network_type, created_at',
    where: 'id = @id',
    params: { id: context.domain.id },
  })!;
}

function loadOriginEntries(context: GroupContext): OriginEntry[] {
  return context.tenant.all<OriginEntry>('website_origins', {
    columns: 'address, port, protocol, listen_port, line, weight, priority',
    where: 'domain_id = @id',
    params: { id: context.domain.id },
    orderBy: 'position, id',
  });
}

/** `origin`: the origins the domain list shows, with the console's fields. */
const origin: SettingsGroupDefinition<'origin'> = {
  name: 'origin',
  defaults: ORIGIN_DEFAULTS.origin,
  parse(raw) {
    const value = pick(raw, ['origins', 'origin_protocol', 'load_balancing']);
    value.origins = rows(value.origins).map((entry) => pick(entry, ['address', 'port', 'protocol', 'listen_port', 'line', 'weight', 'priority']));
    return parsed<'origin'>(value, ORIGIN_VALIDATORS.origin(value as never), () => ({
      origins: (value.origins as Raw[]).map((entry) => ({
        address: String(entry.address).trim(),
        port: numeric(entry.port),
        protocol: entry.protocol as 0 | 1,
        listen_port: numeric(entry.listen_port),
        line: entry.line as OriginEntry['line'],
        weight: numeric(entry.weight),
        priority: numeric(entry.priority),
      })),
      origin_protocol: value.origin_protocol as 0 | 1 | 2,
      load_balancing: value.load_balancing as 0 | 1 | 2,
    }));
  },
  check(value, context) {
    // Rules §6: "non-standard ports need an exclusive IP network or dedicated resource package" (the plan action
    // `non_standard_port` is the package's; the network type is the domain's).
    if (domainRow(context).network_type === 'exclusive_ip') return [];
    const plan = planContextOf(context.request);
    return nonStandardPortIndexes(value).flatMap((index) => {
      const entry = value.origins[index]!;
      const refused = planIssue(
        context.request,
        'non_standard_port',
        { field: `origins.${index}.listen_port`, values: { port: entry.listen_port, ports: STANDARD_LISTEN_PORTS[entry.protocol].join(', ') } },
        plan,
      );
      return refused ? [refused] : [];
    });
  },
  load(context) {
    const row = domainRow(context);
    return { origins: loadOriginEntries(context), origin_protocol: row.origin_protocol, load_balancing: row.load_balancing };
  },
  store(value, context) {
    context.tenant.update('domains', { origin_protocol: value.origin_protocol, load_balancing: value.load_balancing, updated_at: context.now }, 'id = @id', {
      id: context.domain.id,
    });
    context.tenant.remove('website_origins', 'domain_id = @id', { id: context.domain.id });
    value.origins.forEach((entry, position) => context.tenant.insert('website_origins', { domain_id: context.domain.id, ...entry, position }));
  },
};

/** `back_source_host`: the Host header and SNI sent to the origin. */
const backSourceHost: SettingsGroupDefinition<'back_source_host'> = {
  name: 'back_source_host',
  defaults: ORIGIN_DEFAULTS.back_source_host,
  parse(raw) {
    const value = pick(raw, ['mode', 'host', 'sni']);
    value.sni = pick(value.sni, ['status', 'name']);
    return parsed<'back_source_host'>(value, ORIGIN_VALIDATORS.back_source_host(value as never), () => {
      const sni = value.sni as Raw;
      return {
        mode: value.mode as 'default' | 'diy',
        // A default host has no custom name; a switched-off SNI keeps the name typed, for switching it back on.
        host: value.mode === 'diy' ? String(value.host).trim() : '',
        sni: { status: sni.status as 'on' | 'off', name: typeof sni.name === 'string' ? sni.name.trim() : '' },
      };
    });
  },
};

function readCondition(raw: unknown) {
  return pick(raw, ['type', 'operator', 'value', 'name', 'window', 'ip_list_id']);
}

/** `conditional_origin`: rules with ids that stay with a rule across saves. */
const conditionalOrigin: SettingsGroupDefinition<'conditional_origin'> = {
  name: 'conditional_origin',
  defaults: ORIGIN_DEFAULTS.conditional_origin,
  parse(raw, context) {
    const value = { rules: rows(asRecord(raw).rules).map((rule) => pick(rule, ['id', 'conditions', 'origins', 'description', 'priority', 'status'])) };
    for (const rule of value.rules) {
      rule.conditions = rows(rule.conditions).map(readCondition);
      rule.origins = rows(rule.origins).map((entry) => pick(entry, ['address', 'port', 'weight']));
    }
    return parsed<'conditional_origin'>(value, validateConditionalOrigin(value as never, context.domain.domain), () => {
      const stored = loadGroups(context.tenant, { kind: 'domain', id: context.domain.id }, ['conditional_origin']).get('conditional_origin')?.value as
        | { rules: ConditionalOriginRule[] }
        | null
        | undefined;
      const known = new Set((stored?.rules ?? []).map((rule) => rule.id));
      let next = Math.max(0, ...[...known].filter((id): id is number => typeof id === 'number'));
      return {
        rules: value.rules.map((rule) => ({
          // An id this domain never gave out is a new rule: it gets the next id.
          id: typeof rule.id === 'number' && known.has(rule.id) ? rule.id : ++next,
          conditions: rule.conditions as ConditionalOriginRule['conditions'],
          origins: (rule.origins as Raw[]).map((entry) => ({ address: String(entry.address).trim(), port: numeric(entry.port), weight: numeric(entry.weight) })),
          description: String(rule.description),
          priority: numeric(rule.priority),
          status: rule.status as 'on' | 'off',
        })),
      };
    });
  },
  check(value, context) {
    // An IP condition that names an IP list must name one of the account's lists.
    const issues: FieldIssue[] = [];
    value.rules.forEach((rule, ruleIndex) =>
      rule.conditions.forEach((condition, index) => {
        const id = condition.ip_list_id;
        if (typeof id === 'number' && context.tenant.count('ip_lists', { where: 'id = @id', params: { id } }) === 0) {
          issues.push(...onField(`rules.${ruleIndex}.conditions.${index}.ip_list_id`, issue('waf.ip-list-required')));
        }
      }),
    );
    return issues;
  },
};

/** The items of `origin_advanced` kept in domains.settings beside batch setting's `origin_timeout`. */
type StoredSettings = WebsiteSettings & { origin_keepalive?: { status: 'on' | 'off'; idle_seconds: number }; origin_follow_redirect?: 'on' | 'off' };

/** `origin_advanced`: the timeout batch setting also writes, keep-alive and following 301/302. */
const originAdvanced: SettingsGroupDefinition<'origin_advanced'> = {
  name: 'origin_advanced',
  defaults: ORIGIN_DEFAULTS.origin_advanced,
  parse(raw) {
    const value = pick(raw, ['timeout', 'keepalive', 'follow_redirect']);
    value.keepalive = pick(value.keepalive, ['status', 'idle_seconds']);
    return parsed<'origin_advanced'>(value, ORIGIN_VALIDATORS.origin_advanced(value as never), () => {
      const keepalive = value.keepalive as Raw;
      return {
        timeout: numeric(value.timeout),
        keepalive: { status: keepalive.status as 'on' | 'off', idle_seconds: numeric(keepalive.idle_seconds) },
        follow_redirect: value.follow_redirect as 'on' | 'off',
      };
    });
  },
  load(context) {
    const settings = parseSettings(domainRow(context).settings) as StoredSettings;
    const defaults = ORIGIN_DEFAULTS.origin_advanced();
    return {
      timeout: settings.origin_timeout,
      keepalive: settings.origin_keepalive ?? defaults.keepalive,
      follow_redirect: settings.origin_follow_redirect ?? defaults.follow_redirect,
    };
  },
  store(value, context) {
    const settings: StoredSettings = {
      ...(parseSettings(domainRow(context).settings) as StoredSettings),
      origin_timeout: value.timeout,
      origin_keepalive: value.keepalive,
      origin_follow_redirect: value.follow_redirect,
    };
    context.tenant.update('domains', { settings: JSON.stringify(settings), updated_at: context.now }, 'id = @id', { id: context.domain.id });
  },
};

/** `slice`: range requests to the origin. */
const slice: SettingsGroupDefinition<'slice'> = {
  name: 'slice',
  defaults: ORIGIN_DEFAULTS.slice,
  parse(raw) {
    const value = pick(raw, ['status']);
    return parsed<'slice'>(value, ORIGIN_VALIDATORS.slice(value as never), () => ({ status: value.status as 'on' | 'off' }));
  },
};

/** `source_site_protect`: origin protection, answered with the edge's back-to-origin ranges (read-only). */
const sourceSiteProtect: SettingsGroupDefinition<'source_site_protect'> = {
  name: 'source_site_protect',
  defaults: ORIGIN_DEFAULTS.source_site_protect,
  parse(raw) {
    // `ranges` is answered by the server and never taken from a post.
    const value = pick(raw, ['status']);
    return parsed<'source_site_protect'>(value, ORIGIN_VALIDATORS.source_site_protect(value as never), () => ({ status: value.status as 'on' | 'off' }));
  },
  decorate(value) {
    return { ...value, ranges: [...ORIGIN_PULL_RANGES] };
  },
  strip({ status }) {
    return { status };
  },
};

/** When the health checks (re)started: the last change of the origins or of the health settings (rules §4). */
function checksStartedAt(context: GroupContext): number {
  const row = context.tenant.get<{ at: number | null }>(SETTING_GROUPS, {
    columns: 'MAX(updated_at) AS at',
    where: "owner_kind = 'domain' AND owner_id = @id AND group_name IN ('origin', 'origin_health')",
    params: { id: context.domain.id },
  });
  return row?.at ?? domainRow(context).created_at;
}

/** `origin_health`: passive health and the probe, answered with each origin's state (read-only). */
const originHealth: SettingsGroupDefinition<'origin_health'> = {
  name: 'origin_health',
  defaults: ORIGIN_DEFAULTS.origin_health,
  parse(raw) {
    // `states` is answered by the server and never taken from a post.
    const value = pick(raw, ['health', 'probe']);
    value.health = pick(value.health, ['status', 'failure_threshold', 'interval', 'block_seconds']);
    value.probe = pick(value.probe, ['status', 'protocol', 'method', 'path', 'frequency', 'unavailable_count', 'available_count', 'connect_timeout']);
    return parsed<'origin_health'>(value, ORIGIN_VALIDATORS.origin_health(value as never), () => {
      const health = value.health as Raw;
      const probe = value.probe as Raw;
      return {
        health: {
          status: health.status as 'on' | 'off',
          failure_threshold: numeric(health.failure_threshold),
          interval: numeric(health.interval),
          block_seconds: numeric(health.block_seconds),
        },
        probe: {
          status: probe.status as 'on' | 'off',
          protocol: probe.protocol as OriginHealthGroup['probe']['protocol'],
          method: probe.method as OriginHealthGroup['probe']['method'],
          path: typeof probe.path === 'string' ? probe.path.trim() : '',
          frequency: numeric(probe.frequency),
          unavailable_count: numeric(probe.unavailable_count),
          available_count: numeric(probe.available_count),
          connect_timeout: numeric(probe.connect_timeout),
        },
      };
    });
  },
  decorate(value, context) {
    return { ...value, states: originHealthStates(loadOriginEntries(context), value, checksStartedAt(context), context.now) };
  },
  strip({ health, probe }) {
    return { health, probe };
  },
};

export const originGroupDefinitions = [origin, backSourceHost, conditionalOrigin, originAdvanced, slice, originHealth, sourceSiteProtect] as const;
