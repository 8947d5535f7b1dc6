/**
 * The SQL of the SDK area and the rows it answers. Devices are read with their sessions summed in the same query and
 * their reputation computed then by core/rules/sdk.ts (rules §9), so a level is never stored and never stale.
 */
import { randomBytes } from 'node:crypto';
import type { SdkBusiness, SdkDevice, SdkKey, SdkPackage, SdkPlatform, SdkReputationLevel, SdkResourceConfig, SdkRiskAction } from '../../../../core/api/endpoints/sdk.js';
import { deviceReputation } from '../../../../core/rules/sdk.js';
import { isoTime, prepare, type Db } from '../../platform/database.js';
import type { Scope } from '../../platform/security/scope.js';

/** A business row. */
export interface BusinessRow {
  id: number;
  name: string;
  android_package: string;
  ios_bundle: string;
  remark: string;
  domain_id: number | null;
  created_at: number;
  updated_at: number;
}

interface DeviceRow {
  id: number;
  business_id: number;
  device_key: string;
  platform: SdkPlatform;
  model: string;
  online_ms: number;
  launches: number;
  last_seen: number | null;
}

/** A package row. */
export interface PackageRow {
  id: number;
  name: string;
  business_id: number;
  protocol: 'tcp' | 'udp';
  ports: string;
  source_ips: string;
  source_port: number;
  created_at: number;
}

interface ConfigRow {
  business_id: number;
  cc_enabled: number;
  cc_threshold: number;
  risk_action: SdkRiskAction;
  block_emulators: number;
  block_rooted: number;
  updated_at: number;
}

/** A key row. */
export interface KeyRow {
  id: number;
  business_id: number;
  name: string;
  app_key: string;
  created_at: number;
  rotated_at: number | null;
}

const HOUR_MS = 3_600_000;

/** A new app key: a public identifier the app embeds, unguessable so one app cannot pose as another. */
export function newAppKey(): string {
  return `sdk_${randomBytes(16).toString('hex')}`;
}

/** Every device of a business with its sessions summed and its reputation now, newest activity first. */
export function devicesOf(db: Db, memberId: number, businessId: number): SdkDevice[] {
  const rows = prepare(
    db,
    `SELECT d.id, d.business_id, d.device_key, d.platform, d.model,
            COALESCE(SUM(s.ended_at - s.started_at), 0) AS online_ms, COUNT(s.id) AS launches, MAX(s.ended_at) AS last_seen
       FROM sdk_devices d LEFT JOIN sdk_sessions s ON s.device_id = d.id
      WHERE d.member_id = @member AND d.business_id = @business
      GROUP BY d.id
      ORDER BY last_seen DESC, d.id`,
  ).all({ member: memberId, business: businessId }) as DeviceRow[];
  return rows.map((row) => {
    // Hours from whole milliseconds: 20 sessions of 24 minutes are exactly 8 h, the boundary rules §9 compares with.
    const online_hours = row.online_ms / HOUR_MS;
    const { level, reason } = deviceReputation({ online_hours, launches: row.launches });
    return {
      id: row.id,
      business_id: row.business_id,
      device_key: row.device_key,
      platform: row.platform,
      model: row.model,
      online_hours: Math.round(online_hours * 100) / 100,
      launches: row.launches,
      last_seen: row.last_seen === null ? null : isoTime(row.last_seen),
      level,
      reason,
    };
  });
}

/** The business as answered, with its website's name and its devices counted by level. */
export function toBusiness(db: Db, tenant: Scope, row: BusinessRow): SdkBusiness {
  const devices: Record<SdkReputationLevel, number> = { premium: 0, normal: 0, risk: 0 };
  for (const device of devicesOf(db, tenant.memberId, row.id)) devices[device.level] += 1;
  const domain = row.domain_id === null ? undefined : tenant.get<{ domain: string }>('domains', { columns: 'domain', where: 'id = @id', params: { id: row.domain_id } });
  return {
    id: row.id,
    name: row.name,
    android_package: row.android_package,
    ios_bundle: row.ios_bundle,
    remark: row.remark,
    domain_id: domain ? row.domain_id : null,
    domain: domain?.domain ?? null,
    devices,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
  };
}

/** The package as answered. */
export function toPackage(row: PackageRow, business: string): SdkPackage {
  return {
    id: row.id,
    name: row.name,
    business_id: row.business_id,
    business,
    protocol: row.protocol,
    ports: JSON.parse(row.ports) as number[],
    source_ips: JSON.parse(row.source_ips) as string[],
    source_port: row.source_port,
    created_at: isoTime(row.created_at),
  };
}

/** The protection settings a business starts with: CC on at 600 a minute, risk devices verified, nothing refused. */
export const DEFAULT_SDK_CONFIG = { cc_enabled: true, cc_threshold: 600, risk_action: 'verify', block_emulators: false, block_rooted: false } as const;

/** A business's protection settings (the defaults until first saved). */
export function configOf(tenant: Scope, businessId: number): SdkResourceConfig {
  const row = tenant.get<ConfigRow>('sdk_configs', { where: 'business_id = @id', params: { id: businessId } });
  if (!row) return { business_id: businessId, ...DEFAULT_SDK_CONFIG, updated_at: null };
  return {
    business_id: businessId,
    cc_enabled: row.cc_enabled === 1,
    cc_threshold: row.cc_threshold,
    risk_action: row.risk_action,
    block_emulators: row.block_emulators === 1,
    block_rooted: row.block_rooted === 1,
    updated_at: isoTime(row.updated_at),
  };
}

/** The key as answered. */
export function toKey(row: KeyRow): SdkKey {
  return { id: row.id, business_id: row.business_id, name: row.name, app_key: row.app_key, created_at: isoTime(row.created_at), rotated_at: row.rotated_at === null ? null : isoTime(row.rotated_at) };
}
