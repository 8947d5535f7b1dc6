/**
 * Layer-4 flows (issue 28): one record per TCP connection or UDP session a forwarding rule saw, written by the traffic
 * simulator to the log store beside the HTTP lines, and read back by the TCP reports (traffic, sessions, CC attacks,
 * accurate access control). Shared by the server (store, simulator, routes) and the console (report labels), so a
 * verdict the report names is always one the store can answer.
 */

/**
 * What the edge did with a connection, in the order the edge decides:
 * - `acl-deny`: the client address is on the rule's deny list, or the rule has an allow list without it;
 * - `region-deny`: the client's region is on the rule's denied regions (an allow-listed address is never refused);
 * - `cc-drop`: a connection flood from the address (more than {@link TCP_CC_CONNECTIONS_PER_10S} new connections
 *   in 10 s) is dropped;
 * - `origin-failure`: admitted, but no origin of the rule was up to take it;
 * - `forwarded`: proxied to an origin.
 */
export const TCP_VERDICTS = ['forwarded', 'acl-deny', 'region-deny', 'cc-drop', 'origin-failure'] as const;
export type TcpVerdict = (typeof TCP_VERDICTS)[number];

/** Verdicts of accurate access control (the rule's IP and region lists). */
export const ACCESS_CONTROL_VERDICTS: readonly TcpVerdict[] = ['acl-deny', 'region-deny'];

/** New connections from one address within 10 s above which the edge treats it as a CC attack on the port. */
export const TCP_CC_CONNECTIONS_PER_10S = 50;

/** The longest session the simulator makes; a session report looks this far back for sessions still open. */
export const TCP_FLOW_MAX_MS = 30 * 60_000;

/** One flow. */
export interface TcpFlow {
  /** When the connection was opened, ms since the epoch (UTC). */
  ts: number;
  /** When it closed; equal to `ts` for a refused connection. */
  end_ts: number;
  member_id: number;
  /** The layer-4 rule that took the connection. */
  rule_id: number;
  protocol: 'tcp' | 'udp';
  /** The rule port the client connected to. */
  port: number;
  client_ip: string;
  /** ISO country code, and province code (`CN-GD`) for Chinese clients ('' elsewhere), as in HTTP lines. */
  country: string;
  province: string;
  /** `address:port` of the origin that served it, '' when none did. */
  origin: string;
  /** Bytes from the client to the origin, and back. */
  bytes_in: number;
  bytes_out: number;
  verdict: TcpVerdict;
}

/** Stored columns in storage order (the stores create their table from it). */
export const TCP_FLOW_COLUMNS: readonly (keyof TcpFlow)[] = [
  'ts',
  'end_ts',
  'member_id',
  'rule_id',
  'protocol',
  'port',
  'client_ip',
  'country',
  'province',
  'origin',
  'bytes_in',
  'bytes_out',
  'verdict',
];

/** Integer columns; the others are text. */
export const TCP_FLOW_INTEGER_COLUMNS: ReadonlySet<keyof TcpFlow> = new Set<keyof TcpFlow>([
  'ts',
  'end_ts',
  'member_id',
  'rule_id',
  'port',
  'bytes_in',
  'bytes_out',
]);

/** Fields a report may rank flows by (top sources, regions, ports, rules). */
export const TCP_TOP_FIELDS = ['client_ip', 'country', 'province', 'port', 'rule_id'] as const;
export type TcpTopField = (typeof TCP_TOP_FIELDS)[number];

/** One bucket of a TCP report series (the store answers it, the report call passes it on). */
export interface TcpSeriesPoint {
  /** Start of the bucket, ms since the epoch (UTC). */
  bucket: number;
  /** Connections opened in the bucket, whatever became of them. */
  sessions: number;
  /** Of those, proxied to an origin. */
  forwarded: number;
  /** Sessions open just before the bucket started. */
  concurrent: number;
  /** Bytes of the sessions opened in the bucket, client to origin and back. */
  bytes_in: number;
  bytes_out: number;
  /** Refused by the rule's IP or region lists (accurate access control). */
  denied: number;
  /** Dropped as a connection flood (CC attack). */
  attacks: number;
  /** Admitted with no origin up. */
  failed: number;
  /** Distinct client addresses (an estimate in DuckDB and ClickHouse, as for HTTP visitors). */
  clients: number;
}
