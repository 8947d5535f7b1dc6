/**
 * Layer-4 (TCP/UDP) forwarding (shell §2 `configLayer4Rule`, `four-layer-agent`; rules §3 layer-4 rule, §4 forwarding
 * status, §5 ports and batch edit, §6 non-standard ports, §8 TCP package messages). The spec shows no calls for it,
 * so they follow the house style `V4/<area>.<object>.<verb>`:
 * - `GET V4/layer4.package.list`: the account's TCP value-added packages; `POST V4/layer4.package.activate {id}`
 *   answers the job that activates one; `POST V4/layer4.package.bind|unbind {id, domain_id}` binds a website to it
 *   (a bound website cannot be deleted: websites.tcp-bound);
 * - `GET V4/layer4.rule.list` (filters `protocol`, `package_id`, `status`, `keyword`), `GET V4/layer4.rule.get {id}`;
 * - `POST V4/layer4.rule.create`, `.update`, `.delete {ids}`, `.batch_add` (many rule ports, one rule each),
 *   `.batch_check {ids}` (the sameness preview) and `.batch_edit {ids, changes}`.
 * One rule forwards one rule port; a batch add makes one rule per port, so "ports of a rule" in rules §9 is read as
 * the ports submitted at once.
 */
import type { ApiClient, CallOptions } from '../client.js';
import type { ListAnswer } from './platform.js';

/** Forwarding protocols (rules §3). */
export const LAYER4_PROTOCOLS = ['tcp', 'udp'] as const;
/** A forwarding protocol. */
export type Layer4Protocol = (typeof LAYER4_PROTOCOLS)[number];

/** What the source addresses are: IP addresses or one origin domain (rules §3 "type"). */
export const LAYER4_SOURCE_TYPES = ['ip', 'domain'] as const;
/** A source type. */
export type Layer4SourceType = (typeof LAYER4_SOURCE_TYPES)[number];

/** Load-balancing modes a TCP proxy can keep (rules §3; sticky cookies need HTTP, so they are not offered). */
export const LAYER4_LB_MODES = ['round-robin', 'ip-hash'] as const;
/** A load-balancing mode. */
export type Layer4LbMode = (typeof LAYER4_LB_MODES)[number];

/** Rules §4 forwarding status texts: normal, access key not recognized, port or domain not configured, origin failure. */
export const FORWARDING_STATUSES = ['normal', 'key-unrecognized', 'not-configured', 'origin-failure'] as const;
/** A forwarding status. */
export type ForwardingStatus = (typeof FORWARDING_STATUSES)[number];

/** The product a TCP package belongs to: the application protection product allows 1000 ports at once (rules §5). */
export type Layer4Product = 'standard' | 'application';

/** Health of one origin as the simulated checker last saw it. */
export type OriginHealth = 'up' | 'down' | 'unresolved';

/** One TCP value-added package. */
export interface TcpPackage {
  id: number;
  name: string;
  product: Layer4Product;
  /** Whether forwarding may use it (rules §8: activate before using forwarding). */
  active: boolean;
  /** ISO 8601; null before activation. */
  expire_time: string | null;
  /** Websites bound to it (their delete is refused while bound). */
  domains: { id: number; domain: string }[];
  /** Rules using it. */
  rule_count: number;
}

/** Answer of `V4/layer4.package.list`. */
export interface TcpPackageListAnswer {
  list: TcpPackage[];
  /** Whether the caller may activate and bind (sub-accounts read only). */
  editable: boolean;
}

/** One origin of a rule with its health. */
export interface Layer4Origin {
  address: string;
  health: OriginHealth;
}

/** Access control of a rule (IP allow/deny, regions). */
export interface Layer4AccessControl {
  allow_ips: string[];
  deny_ips: string[];
  /** Region codes (core/region) whose visitors are refused. */
  deny_regions: string[];
}

/** One layer-4 rule as lists and the console show it. */
export interface Layer4Rule {
  id: number;
  protocol: Layer4Protocol;
  rule_port: number;
  type: Layer4SourceType;
  source_ips: string[];
  source_port: number;
  remark: string;
  package_id: number;
  package_name: string;
  lb_mode: Layer4LbMode;
  /** The package's expiry (ISO 8601), null when it is not active. */
  due_time: string | null;
  status: ForwardingStatus;
  origins: Layer4Origin[];
  access: Layer4AccessControl;
  /** Whether the caller may change it. */
  editable: boolean;
}

/** Answer of `V4/layer4.rule.list`. */
export interface Layer4RuleListAnswer extends ListAnswer<Layer4Rule> {
  /** Whether the caller may create rules. */
  creatable: boolean;
}

/** Filters of the rule list. */
export interface Layer4RuleQuery {
  page: number;
  per_page: number;
  protocol?: Layer4Protocol | '';
  package_id?: number | '';
  status?: ForwardingStatus | '';
  /** Matches a rule port, a source IP or the remark. */
  keyword?: string;
}

/** What a rule form sends (create, update, batch add). */
export interface Layer4RuleInput {
  protocol: Layer4Protocol;
  type: Layer4SourceType;
  source_ips: string[];
  source_port: number | string;
  remark: string;
  package_id: number;
  lb_mode: Layer4LbMode;
}

/** Batch add: one rule per port of `ports` (text: ports and ranges separated by commas or lines). */
export interface Layer4BatchAddInput extends Layer4RuleInput {
  ports: string;
}

/** What a batch edit may change; the sameness rule is about the records before the change. */
export type Layer4BatchChanges = Partial<Pick<Layer4RuleInput, 'source_ips' | 'source_port' | 'lb_mode' | 'remark'>>;

/** Answer of `V4/layer4.rule.batch_check`: the records that differ from the most common source port, package and IPs. */
export interface Layer4BatchCheckAnswer {
  same: boolean;
  differing: { id: number; rule_port: number; protocol: Layer4Protocol }[];
}

/** Answer of batch add and batch edit. */
export interface Layer4BatchAnswer {
  ids: number[];
}

/** Answer of package activation: the job that activates it. */
export interface TcpPackageActivateAnswer {
  job_id: number;
}

/** The job type that activates a TCP package. */
export const TCP_PACKAGE_ACTIVATE_JOB = 'layer4.package.activate';

/** The account's TCP packages. */
export function listTcpPackages(client: ApiClient): Promise<TcpPackageListAnswer> {
  return client.get('V4/layer4.package.list');
}

/** Starts activating a TCP package. */
export function activateTcpPackage(client: ApiClient, id: number, options?: CallOptions): Promise<TcpPackageActivateAnswer> {
  return client.post('V4/layer4.package.activate', { id }, options);
}

/** Binds a website to a TCP package, or unbinds it. */
export function bindTcpPackage(client: ApiClient, input: { id: number; domain_id: number; bound: boolean }, options?: CallOptions): Promise<TcpPackage> {
  return client.post(input.bound ? 'V4/layer4.package.bind' : 'V4/layer4.package.unbind', { id: input.id, domain_id: input.domain_id }, options);
}

/** One page of rules. */
export function listLayer4Rules(client: ApiClient, query: Layer4RuleQuery): Promise<Layer4RuleListAnswer> {
  return client.get('V4/layer4.rule.list', { ...query });
}

/** One rule. */
export function getLayer4Rule(client: ApiClient, id: number): Promise<Layer4Rule> {
  return client.get('V4/layer4.rule.get', { id });
}

/** Creates one rule on `rule_port`. */
export function createLayer4Rule(client: ApiClient, input: Layer4RuleInput & { rule_port: number | string }, options?: CallOptions): Promise<Layer4Rule> {
  return client.post('V4/layer4.rule.create', input, options);
}

/** Changes a rule (its ports, origins, balancing and access control). */
export function updateLayer4Rule(
  client: ApiClient,
  input: Layer4RuleInput & { id: number; rule_port: number | string; access?: Layer4AccessControl },
  options?: CallOptions,
): Promise<Layer4Rule> {
  return client.post('V4/layer4.rule.update', input, options);
}

/** Deletes rules. */
export function deleteLayer4Rules(client: ApiClient, ids: number[], options?: CallOptions): Promise<{ deleted: number }> {
  return client.post('V4/layer4.rule.delete', { ids }, options);
}

/** Adds one rule per port. */
export function batchAddLayer4Rules(client: ApiClient, input: Layer4BatchAddInput, options?: CallOptions): Promise<Layer4BatchAnswer> {
  return client.post('V4/layer4.rule.batch_add', input, options);
}

/** Which of the chosen records differ (the batch edit preview). */
export function checkLayer4Batch(client: ApiClient, ids: number[], options?: CallOptions): Promise<Layer4BatchCheckAnswer> {
  return client.post('V4/layer4.rule.batch_check', { ids }, options);
}

/** Changes the chosen records at once. */
export function batchEditLayer4Rules(client: ApiClient, input: { ids: number[]; changes: Layer4BatchChanges }, options?: CallOptions): Promise<Layer4BatchAnswer> {
  return client.post('V4/layer4.rule.batch_edit', input, options);
}
