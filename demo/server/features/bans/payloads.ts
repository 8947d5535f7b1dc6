/**
 * Checks of the ban and IP list request bodies, built from `core/rules` so the browser and the server find the same
 * problems and name them with the same keys.
 */
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import { validateIpListForm } from '../../../../core/rules/bans.js';
import { validateIpOrCidr } from '../../../../core/rules/ip.js';
import { issue, onField } from '../../../../core/rules/types.js';

/**
 * Address entries (rules §5: IPv4, IPv6 or CIDR), 1..max of them, trimmed. Each bad entry is reported on its own
 * field (`entries.3`), with the same keys the browser's preview shows; at most the first 20 are named.
 */
export function readIpEntries(value: unknown, max: number, limitKey: FieldIssue['key'] = 'batch.beyond-limit'): { entries: string[]; issues: FieldIssue[] } {
  if (!Array.isArray(value) || value.length === 0) return { entries: [], issues: onField('entries', issue('batch.empty')) };
  if (value.length > max) return { entries: [], issues: [{ field: 'entries', key: limitKey, values: { max, count: value.length } }] };
  const entries: string[] = [];
  const issues: FieldIssue[] = [];
  value.forEach((item, index) => {
    const entry = typeof item === 'string' ? item.trim() : '';
    const found = validateIpOrCidr(entry);
    if (found !== null && issues.length < 20) issues.push(...onField(`entries.${index}`, found));
    entries.push(entry);
  });
  return { entries, issues };
}

/** The IP list form: name and remark, trimmed. */
export function readIpListForm(body: Record<string, unknown>): { name: string; remark: string; issues: FieldIssue[] } {
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  const remark = typeof body.remark === 'string' ? body.remark.trim() : '';
  return { name, remark, issues: validateIpListForm({ name, remark }) };
}
