/**
 * Layer-4 rules and TCP packages in SQL. The forwarding status (rules §4) is computed in the query from the
 * package and the origin health, so a list filtered by status pages in the database even at 10,000 rules.
 */
import type {
  ForwardingStatus,
  Layer4AccessControl,
  Layer4LbMode,
  Layer4Origin,
  Layer4Product,
  Layer4Protocol,
  Layer4Rule,
  Layer4SourceType,
  OriginHealth,
  TcpPackage,
} from '../../../../core/api/endpoints/layer4.js';
import { isoTime, prepare, type Db } from '../../platform/database.js';
import type { Scope } from '../../platform/security/scope.js';

/** A stored TCP package. */
export interface TcpPackageRow {
  id: number;
  name: string;
  product: Layer4Product;
  active: number;
  expire_at: number | null;
  created_at: number;
}

/** A stored rule with its package's name and expiry and the computed status. */
export interface Layer4RuleRow {
  id: number;
  protocol: Layer4Protocol;
  rule_port: number;
  type: Layer4SourceType;
  source_ips: string;
  source_port: number;
  remark: string;
  package_id: number;
  lb_mode: Layer4LbMode;
  allow_ips: string;
  deny_ips: string;
  deny_regions: string;
  created_at: number;
  updated_at: number;
  package_name: string;
  package_expire_at: number | null;
  status: ForwardingStatus;
}

/** A package the edge does not know (never activated, or expired) leaves the rule's access key unrecognized. */
const PACKAGE_LIVE = `EXISTS (SELECT 1 FROM tcp_packages p WHERE p.id = layer4_rules.package_id AND p.active = 1 AND p.expire_at > @now)`;
const HEALTH = (state: OriginHealth) =>
  `EXISTS (SELECT 1 FROM layer4_origin_health h WHERE h.rule_id = layer4_rules.id AND h.health = '${state}')`;

/** Rules §4: key first (nothing forwards without it), then configuration, then origins. */
export const STATUS_SQL = `CASE WHEN NOT ${PACKAGE_LIVE} THEN 'key-unrecognized'
  WHEN ${HEALTH('unresolved')} THEN 'not-configured'
  WHEN ${HEALTH('down')} THEN 'origin-failure' ELSE 'normal' END`;

const RULE_COLUMNS = `layer4_rules.*,
  (SELECT name FROM tcp_packages p WHERE p.id = layer4_rules.package_id) AS package_name,
  (SELECT CASE WHEN p.active = 1 THEN p.expire_at END FROM tcp_packages p WHERE p.id = layer4_rules.package_id) AS package_expire_at,
  ${STATUS_SQL} AS status`;

/** A page of rules matching `where`. */
export function ruleRows(tenant: Scope, options: { where: string; params: Record<string, unknown>; now: number; limit?: number; offset?: number }): Layer4RuleRow[] {
  return tenant.all<Layer4RuleRow>('layer4_rules', {
    columns: RULE_COLUMNS,
    where: options.where,
    params: { ...options.params, now: options.now },
    orderBy: 'id DESC',
    limit: options.limit,
    offset: options.offset,
  });
}

/** How many rules match `where` (which may name the status). */
export function ruleCount(tenant: Scope, where: string, params: Record<string, unknown>, now: number): number {
  return tenant.count('layer4_rules', { where, params: { ...params, now } });
}

/** One rule, or undefined. */
export function ruleRow(tenant: Scope, id: number, now: number): Layer4RuleRow | undefined {
  return ruleRows(tenant, { where: 'id = @id', params: { id }, now })[0];
}

/** The health rows of some rules, by rule. */
export function healthOf(db: Db, memberId: number, ruleIds: readonly number[]): Map<number, Map<string, OriginHealth>> {
  const found = new Map<number, Map<string, OriginHealth>>();
  if (ruleIds.length === 0) return found;
  const rows = prepare(
    db,
    'SELECT rule_id, address, health FROM layer4_origin_health WHERE member_id = ? AND rule_id IN (SELECT value FROM json_each(?))',
  ).all(memberId, JSON.stringify(ruleIds)) as { rule_id: number; address: string; health: OriginHealth }[];
  for (const row of rows) {
    const rule = found.get(row.rule_id) ?? new Map<string, OriginHealth>();
    rule.set(row.address, row.health);
    found.set(row.rule_id, rule);
  }
  return found;
}

/**
 * Records what the simulated checker saw of one origin (rules §4 "origin health failure disables an origin
 * temporarily"). An origin back up loses its row, so "no row" always means up.
 */
export function setOriginHealth(db: Db, memberId: number, ruleId: number, address: string, health: OriginHealth, now: number): void {
  if (health === 'up') {
    prepare(db, 'DELETE FROM layer4_origin_health WHERE member_id = ? AND rule_id = ? AND address = ?').run(memberId, ruleId, address);
    return;
  }
  prepare(
    db,
    `INSERT INTO layer4_origin_health (member_id, rule_id, address, health, checked_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (rule_id, address) DO UPDATE SET health = excluded.health, checked_at = excluded.checked_at`,
  ).run(memberId, ruleId, address, health, now);
}

/** Forgets the health of addresses a rule no longer forwards to. */
export function pruneHealth(db: Db, memberId: number, ruleId: number, addresses: readonly string[]): void {
  prepare(db, 'DELETE FROM layer4_origin_health WHERE member_id = ? AND rule_id = ? AND address NOT IN (SELECT value FROM json_each(?))').run(
    memberId,
    ruleId,
    JSON.stringify(addresses),
  );
}

const parseList = (text: string) => JSON.parse(text) as string[];

/** A rule as the API answers it. */
export function toLayer4Rule(row: Layer4RuleRow, health: Map<string, OriginHealth> | undefined, editable: boolean): Layer4Rule {
  const sources = parseList(row.source_ips);
  const origins: Layer4Origin[] = sources.map((address) => ({ address, health: health?.get(address) ?? 'up' }));
  const access: Layer4AccessControl = { allow_ips: parseList(row.allow_ips), deny_ips: parseList(row.deny_ips), deny_regions: parseList(row.deny_regions) };
  return {
    id: row.id,
    protocol: row.protocol,
    rule_port: row.rule_port,
    type: row.type,
    source_ips: sources,
    source_port: row.source_port,
    remark: row.remark,
    package_id: row.package_id,
    package_name: row.package_name,
    lb_mode: row.lb_mode,
    due_time: row.package_expire_at === null ? null : isoTime(row.package_expire_at),
    status: row.status,
    origins,
    access,
    editable,
  };
}

/** Every package of the account, oldest first. */
export function packageRows(tenant: Scope): TcpPackageRow[] {
  return tenant.all<TcpPackageRow>('tcp_packages', { orderBy: 'id' });
}

/** One package, or undefined. */
export function packageRow(tenant: Scope, id: number): TcpPackageRow | undefined {
  return tenant.get<TcpPackageRow>('tcp_packages', { where: 'id = @id', params: { id } });
}

/** Whether forwarding may use the package now (rules §8). */
export function isLive(row: TcpPackageRow, now: number): boolean {
  return row.active === 1 && row.expire_at !== null && row.expire_at > now;
}

/** A package as the API answers it, with the websites bound to it and its rule count. */
export function toTcpPackage(tenant: Scope, row: TcpPackageRow, now: number): TcpPackage {
  return {
    id: row.id,
    name: row.name,
    product: row.product,
    active: isLive(row, now),
    expire_time: row.active === 1 && row.expire_at !== null ? isoTime(row.expire_at) : null,
    domains: tenant.all<{ id: number; domain: string }>('domains', { columns: 'id, domain', where: 'tcp_package = @name', params: { name: row.name }, orderBy: 'domain' }),
    rule_count: tenant.count('layer4_rules', { where: 'package_id = @id', params: { id: row.id } }),
  };
}

/** A year of forwarding from activation (the demo has no purchase flow; the spec gives no term). */
export const TCP_PACKAGE_TERM_MS = 365 * 24 * 3_600_000;
