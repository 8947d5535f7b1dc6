/**
 * Which edge log lines an operation explains (issue 24: the operation-audit pages link to the matching log lines):
 * a WAF rule's lines in the day after it was saved, a rule set's lines in the day after it was bound to websites, a
 * purged or prefetched URL's requests in the hour after the task. Answered as the log retrieval page's view
 * (`view-state` query text), or null for an operation no log line follows from.
 */
import type { OperationLogEntry } from '../../core/api/endpoints/platform.js';
import { toLogWallTime } from '../../core/i18n/time-range.js';

/** The log retrieval page, new layout (shell §2 `logRetrieval`). */
export const LOG_RETRIEVAL_ROUTE = 'cloud-speed-new-logRetrieval';

const HOUR = 3_600_000;

function view(type: string, from: number, span: number, expression: string): string {
  return new URLSearchParams({ type, range: 'custom', from: toLogWallTime(from), to: toLogWallTime(from + span), q: expression }).toString();
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The query text of the log lines an operation explains, or null. */
export function logLinesView(entry: OperationLogEntry): string | null {
  const at = Date.parse(entry.time);
  if (Number.isNaN(at)) return null;
  if (entry.area === 'waf') {
    const policy = isRecord(entry.after) ? entry.after : null;
    // A saved rule (its policy, with the rule set as `main_id`): the granular access control lines it wrote, since
    // rules a user saves live in custom rule sets.
    if (policy && typeof policy.id === 'number' && typeof policy.main_id === 'number') return view('acl', at, 24 * HOUR, `rule_id = ${policy.id}`);
    if (entry.action === 'bind' && /^\d+$/.test(entry.object_id)) return view('acl', at, 24 * HOUR, `rule_set_id = ${entry.object_id}`);
    return null;
  }
  if (entry.area === 'cache') {
    const url = /^https?:\/\//.test(entry.object_label) ? new URL(entry.object_label) : null;
    if (!url) return null;
    const path = url.pathname.replace(/["\\]/g, (char) => `\\${char}`);
    const host = url.hostname.replace(/["\\]/g, (char) => `\\${char}`);
    // A directory purge names a prefix; a URL purge or prefetch one path.
    const uri = path.endsWith('/') ? `uri ~ "^${path.replace(/[.*+?()[\]{}|^$]/g, (char) => `\\\\${char}`)}"` : `uri = "${path}"`;
    return view('access', at, HOUR, `domain = "${host}" and ${uri}`);
  }
  return null;
}
