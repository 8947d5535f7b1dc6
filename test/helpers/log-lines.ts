/**
 * One whole log line for tests (core/logs/fields.ts LogRow): every column filled with a plain access request, so a
 * test states only what it looks at. Shared by the store, retrieval, download and browser tests.
 */
import type { LogRow } from '../../core/logs/fields.js';

/** An access line of member 7 on www.example.com (domain 1) at 2026-03-01 00:00 UTC, with `overrides` applied. */
export function logLine(overrides: Partial<LogRow> = {}): LogRow {
  return {
    ts: Date.UTC(2026, 2, 1),
    log_type: 'access',
    member_id: 7,
    domain_id: 1,
    domain: 'www.example.com',
    request_id: '0123456789abcdef0123456789abcdef',
    client_ip: '203.0.113.7',
    country: 'CN',
    province: 'CN-GD',
    method: 'GET',
    scheme: 'https',
    uri: '/',
    query: '',
    status: 200,
    bytes_sent: 1000,
    response_ms: 20,
    user_agent: 'Mozilla/5.0',
    referer: '',
    ja3: '',
    ja4: '',
    cache_status: 'hit',
    origin: '',
    rule_id: 0,
    rule_set_id: 0,
    action: '',
    attack_type: '',
    ...overrides,
  };
}
