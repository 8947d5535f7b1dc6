/**
 * The reference server's simulated origin health checker (rules §3 "Origin health and probe"; rules §4 "Origin health
 * failure disables an origin temporarily; the health check stops after one hour of inactivity"). The demo has no
 * network, so whether an origin answers is decided from its address: the documentation ranges of RFC 5737 and
 * RFC 3849 (192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32) and hosts under `.invalid` (RFC 2606)
 * never answer; every other origin does.
 *
 * Nothing runs in the background: each state is computed when it is read, from the settings and the time the checks
 * started (the last change of the origins or of the health settings), so tests move the clock instead of waiting.
 */
import type { OriginEntry, OriginHealthGroup, OriginHealthState } from '../../../../../core/settings/origin.js';
import { parseIPv4, parseIPv6 } from '../../../../../core/rules/ip.js';

/** Seconds without a change after which the checks stop (rules §4 "stops after one hour of inactivity"). */
export const HEALTH_IDLE_STOP_SECONDS = 3600;

/** Why an origin has the state it has; the console translates these (domain-origin `health.reason.*`). */
export type HealthReason = 'answering' | 'unreachable' | 'failing' | 'blocked' | 'checks-off' | 'idle-stopped';

/** One origin's state as `origin_health.states` answers it. */
export interface OriginHealthEntry {
  address: string;
  port: number;
  state: OriginHealthState;
  /** ISO 8601, or null when the origin is not checked. */
  since: string | null;
  reason: HealthReason;
}

/** The three IPv4 documentation /24 networks (RFC 5737), as their first 24 bits. */
const DOCUMENTATION_V4 = ['192.0.2.0', '198.51.100.0', '203.0.113.0'].map((network) => parseIPv4(network)! >>> 8);

function inV4Range(address: string): boolean {
  const value = parseIPv4(address);
  return value !== null && DOCUMENTATION_V4.includes(value >>> 8);
}

/** Whether the simulated origin never answers (see the module comment). */
export function originUnreachable(address: string): boolean {
  const host = address.trim().toLowerCase().replace(/^\[|\]$/g, '');
  if (host.endsWith('.invalid') || host === 'invalid') return true;
  if (inV4Range(host)) return true;
  const v6 = parseIPv6(host);
  return v6 !== null && v6[0] === 0x2001 && v6[1] === 0x0db8;
}

/**
 * The state of each origin at `now` (ms) when the checks started at `startedAt` (ms). With passive health on, a
 * failing origin is unhealthy for `failure_threshold` detection intervals, then blocked for `block_seconds`, then
 * counted again (rules §4: blocked temporarily, not removed); with only the probe on, it is unhealthy once
 * `unavailable_count` probes in a row failed. With both off nothing is checked; an hour after the last change the
 * checks stop (rules §4).
 */
export function originHealthStates(
  origins: readonly Pick<OriginEntry, 'address' | 'port'>[],
  settings: Pick<OriginHealthGroup, 'health' | 'probe'>,
  startedAt: number,
  now: number,
): OriginHealthEntry[] {
  const iso = (ms: number) => new Date(ms).toISOString();
  const healthOn = settings.health.status === 'on';
  const probeOn = settings.probe.status === 'on';
  const elapsed = Math.max(0, now - startedAt);
  return origins.map(({ address, port }) => {
    const entry = { address, port };
    if (!healthOn && !probeOn) return { ...entry, state: 'unchecked', since: null, reason: 'checks-off' };
    if (elapsed >= HEALTH_IDLE_STOP_SECONDS * 1000) return { ...entry, state: 'unchecked', since: iso(startedAt + HEALTH_IDLE_STOP_SECONDS * 1000), reason: 'idle-stopped' };
    if (!originUnreachable(address)) return { ...entry, state: 'healthy', since: iso(startedAt), reason: 'answering' };
    if (healthOn) {
      const failing = settings.health.failure_threshold * settings.health.interval * 1000;
      const blocked = settings.health.block_seconds * 1000;
      const cycle = failing + blocked;
      const cycleStart = startedAt + Math.floor(elapsed / cycle) * cycle;
      const inCycle = elapsed % cycle;
      if (blocked > 0 && inCycle >= failing) return { ...entry, state: 'blocked', since: iso(cycleStart + failing), reason: 'blocked' };
      return { ...entry, state: 'unhealthy', since: iso(cycleStart), reason: 'failing' };
    }
    const unavailableAfter = settings.probe.unavailable_count * settings.probe.frequency * 1000;
    if (elapsed >= unavailableAfter) return { ...entry, state: 'unhealthy', since: iso(startedAt + unavailableAfter), reason: 'unreachable' };
    return { ...entry, state: 'healthy', since: iso(startedAt), reason: 'answering' };
  });
}
