/**
 * Request bodies of the layer-4 calls read into the forms core/rules/layer4.ts checks; nothing is coerced beyond
 * what the browser form would send (numbers may come as digits).
 */
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import type { Layer4BatchChanges, Layer4LbMode, Layer4Protocol, Layer4SourceType } from '../../../../core/api/endpoints/layer4.js';
import { parseInteger } from '../../../../core/rules/common.js';
import { validateLayer4Access, validateLayer4Port, validateLayer4Rule, validateLayer4Sources, type Layer4AccessForm } from '../../../../core/rules/layer4.js';
import { LAYER4_LB_MODES } from '../../../../core/api/endpoints/layer4.js';
import { validateLength } from '../../../../core/rules/common.js';
import { LAYER4_REMARK_LENGTH } from '../../../../core/rules/layer4.js';
import { issue, onField } from '../../../../core/rules/types.js';
import { asRecord } from '../../platform/http/readers.js';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const texts = (value: unknown) => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string').map((entry) => entry.trim()) : []);
const port = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? value : '');

/** A rule's stored fields, checked. */
export interface RuleFields {
  protocol: Layer4Protocol;
  type: Layer4SourceType;
  source_ips: string[];
  source_port: number;
  remark: string;
  package_id: number;
  lb_mode: Layer4LbMode;
}

/** Reads and checks the shared fields of a rule form. */
export function readRuleFields(body: unknown): { fields: RuleFields; issues: FieldIssue[] } {
  const source = asRecord(body);
  const form = {
    protocol: text(source.protocol),
    type: text(source.type),
    source_ips: texts(source.source_ips).filter((entry) => entry !== ''),
    source_port: port(source.source_port),
    remark: text(source.remark),
    package_id: typeof source.package_id === 'number' || typeof source.package_id === 'string' ? source.package_id : null,
    lb_mode: text(source.lb_mode),
  };
  const issues = validateLayer4Rule(form);
  const fields: RuleFields = {
    protocol: form.protocol as Layer4Protocol,
    type: form.type as Layer4SourceType,
    source_ips: form.type === 'domain' ? form.source_ips.map((entry) => entry.toLowerCase()) : form.source_ips,
    source_port: parseInteger(form.source_port) ?? 0,
    remark: form.remark.trim(),
    package_id: parseInteger(form.package_id) ?? 0,
    lb_mode: form.lb_mode as Layer4LbMode,
  };
  return { fields, issues };
}

/** Reads and checks one rule port. */
export function readRulePort(body: unknown): { port: number; issues: FieldIssue[] } {
  const value = port(asRecord(body).rule_port);
  return { port: parseInteger(value) ?? 0, issues: onField('rule_port', validateLayer4Port(value)) };
}

/** Reads and checks access control (absent: none). */
export function readAccess(body: unknown): { access: Layer4AccessForm | null; issues: FieldIssue[] } {
  const source = asRecord(body).access;
  if (source === undefined || source === null) return { access: null, issues: [] };
  const record = asRecord(source);
  const access = { allow_ips: texts(record.allow_ips).filter(Boolean), deny_ips: texts(record.deny_ips).filter(Boolean), deny_regions: texts(record.deny_regions).filter(Boolean) };
  return { access, issues: validateLayer4Access(access) };
}

/**
 * Reads and checks a batch edit's changes. Each given field is checked as the form checks it; the source IPs are
 * checked against the type of the records (all the same: the sameness rule holds before any change).
 */
export function readBatchChanges(body: unknown, type: string): { changes: Layer4BatchChanges; issues: FieldIssue[] } {
  const source = asRecord(asRecord(body).changes);
  const changes: Layer4BatchChanges = {};
  const issues: FieldIssue[] = [];
  if (source.source_ips !== undefined) {
    changes.source_ips = texts(source.source_ips).filter(Boolean);
    issues.push(...onField('changes.source_ips', validateLayer4Sources(type, changes.source_ips)));
  }
  if (source.source_port !== undefined) {
    issues.push(...onField('changes.source_port', validateLayer4Port(port(source.source_port))));
    changes.source_port = parseInteger(port(source.source_port)) ?? 0;
  }
  if (source.lb_mode !== undefined) {
    changes.lb_mode = text(source.lb_mode) as Layer4LbMode;
    if (!LAYER4_LB_MODES.includes(changes.lb_mode)) issues.push(...onField('changes.lb_mode', issue('common.required')));
  }
  if (source.remark !== undefined) {
    changes.remark = text(source.remark).trim();
    issues.push(...onField('changes.remark', validateLength(changes.remark, LAYER4_REMARK_LENGTH)));
  }
  if (Object.keys(changes).length === 0) issues.push(...onField('changes', issue('common.required')));
  return { changes, issues };
}
