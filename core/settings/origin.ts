/**
 * The origin tab's settings groups (rules §3 "Origin", "Conditional origin", "Origin health"; rules §5 "Origin and
 * performance"; rules §9 "Origin timeout", "Origin health"): the value each group holds, its defaults and its
 * validation, shared by the browser forms and the reference server.
 *
 * Group names the spec gives (shell §3 "Domain settings groups") are used as they are: `back_source_host`, `slice`.
 * Groups the spec describes without naming (origins, conditional origins, timeouts, health) get names in the same
 * snake-case style: `origin`, `conditional_origin`, `origin_advanced`, `origin_health`.
 */
import type { LoadBalancing, OriginLine, OriginProtocol, SwitchValue } from '../api/endpoints/websites.js';
import type { MatchConditionInput } from '../rules/waf.js';

/** Shell §3 "protocol 0 HTTP, 1 HTTPS": the protocol the edge listens with for this origin entry. */
export type ListenProtocol = 0 | 1;

/** One origin (rules §3 "Origin"). */
export interface OriginEntry {
  /** IPv4, IPv6 or a domain. */
  address: string;
  /** Origin port, 1-65535. */
  port: number;
  /** Protocol type of the entry: the edge's listening protocol (shell §3 protocol 0 HTTP / 1 HTTPS). */
  protocol: ListenProtocol;
  /** The edge port this origin serves, 1-65535 (non-standard ports are plan-gated, rules §6). */
  listen_port: number;
  line: OriginLine;
  /** 1-100, default 10 (core/rules/websites.ts ORIGIN_WEIGHT_RANGE). */
  weight: number;
  /** Lower is tried first within a line; 1-100. */
  priority: number;
}

/** `origin`: the origins and how the edge fetches from them. */
export interface OriginGroup {
  origins: OriginEntry[];
  /** Shell §3 origin protocol: 0 HTTP, 1 HTTPS, 2 follow the visitor's protocol. */
  origin_protocol: OriginProtocol;
  /** Shell §3 balancing: 1 round-robin, 0 IP hash, 2 sticky cookie. */
  load_balancing: LoadBalancing;
}

/** `back_source_host`: the Host header and SNI sent to the origin (shell §3 "origin host default/diy"). */
export interface BackSourceHostGroup {
  mode: 'default' | 'diy';
  /** The custom host when `mode` is `diy`; '' otherwise. */
  host: string;
  sni: { status: SwitchValue; name: string };
}

/** One conditional origin (rules §3 "Conditional origin"). */
export interface ConditionalOriginRule {
  /** Absent on a new rule. */
  id?: number;
  /** Built with the shared condition builder; all must hold. */
  conditions: MatchConditionInput[];
  /** Where matching requests go. */
  origins: Array<Pick<OriginEntry, 'address' | 'port' | 'weight'>>;
  description: string;
  /** 1 is checked first. */
  priority: number;
  status: SwitchValue;
}

/** `conditional_origin`: requests that match go to other origins. */
export interface ConditionalOriginGroup {
  rules: ConditionalOriginRule[];
}

/** `origin_advanced`: the setting items "origin timeout", "keep-alive" and "follow 301/302" (shell §3). */
export interface OriginAdvancedGroup {
  /** Seconds, 1-300, default 30 (rules §5, stricter reading; rules §9). */
  timeout: number;
  keepalive: { status: SwitchValue; /** Idle seconds a kept connection lives, 1-3600. */ idle_seconds: number };
  /** Follow the origin's 301/302 instead of passing them on. */
  follow_redirect: SwitchValue;
}

/** `slice`: range requests to the origin (shell §3 "range"). */
export interface SliceGroup {
  status: SwitchValue;
}

/** The health of one origin as the reference server's health checker last saw it (rules §4 "Origin health"). */
export type OriginHealthState = 'healthy' | 'unhealthy' | 'blocked' | 'unchecked';

/** `origin_health`: passive health, active probe, and (read-only) each origin's state. */
export interface OriginHealthGroup {
  health: {
    status: SwitchValue;
    /** 1-300, default 30. */
    failure_threshold: number;
    /** Seconds, default 10. */
    interval: number;
    /** Seconds an origin stays blocked, 0-300, default 30. */
    block_seconds: number;
  };
  probe: {
    status: SwitchValue;
    protocol: 'http' | 'https' | 'tcp';
    method: 'GET' | 'HEAD';
    /** Starts with `/`. */
    path: string;
    /** Seconds between probes. */
    frequency: number;
    /** Consecutive failures before an origin is unavailable. */
    unavailable_count: number;
    /** Consecutive successes before it is available again. */
    available_count: number;
    /** Seconds. */
    connect_timeout: number;
  };
  /** Read-only: answered by the server, ignored on save. */
  states?: Array<{ address: string; port: number; state: OriginHealthState; /** ISO 8601 or null. */ since: string | null; reason: string }>;
}
