/**
 * The server side of the HTTPS and URI rewrite tabs' groups (rules §3 HTTPS settings and URI rewrite, rules §5
 * rewrite and redirect rules, rules §6 "Unauthorized certificates cannot be linked" and plan gating, rules §9 HSTS).
 *
 * Storage of `https` (one source of truth with the domain list and the add wizard): the switch is `domains.https`,
 * the certificate is the certificate area's binding (`certificate_bindings`, mirrored into `domains.certificate_id` /
 * `certificate_name` as the certificate area does), and everything else is `domains.https_options` (migration 262), a
 * JSON object with the group's remaining fields plus `hsts_disabled_at`. The generic table keeps only the revision.
 * `upstream_uri_change` and `upstream_redirect` live in the generic table.
 */
import type { FieldIssue } from '../../../../../core/api/catalogue.js';
import type { SwitchValue } from '../../../../../core/api/endpoints/websites.js';
import {
  CIPHER_SUITES,
  defaultHttps,
  defaultUpstreamRedirect,
  defaultUpstreamUriChange,
  HTTPS_REDIRECTS,
  REDIRECT_KINDS,
  REWRITE_METHODS,
  renumberRules,
  TLS_VERSIONS,
  validateHttps,
  validateUpstreamRedirect,
  validateUpstreamUriChange,
  type HttpsGroup,
  type RedirectRule,
  type TlsVersion,
  type UpstreamRedirectGroup,
  type UpstreamUriChangeGroup,
  type UriRewriteRule,
} from '../../../../../core/settings/https.js';
import { certificateCovers, certificateExpiryState } from '../../../../../core/rules/certificates.js';
import type { RewriteMethod } from '../../../../../core/rules/origin.js';
import { issue, onField } from '../../../../../core/rules/types.js';
import { isoTime } from '../../../platform/database.js';
import { mayReach, reachedWebsites } from '../../../platform/security/object-reach.js';
import { permissions } from '../../../platform/security/permissions.js';
import { requireSession } from '../../../platform/security/session.js';
import { mirrorBinding, PUBLIC_COLUMNS, type CertificateRow } from '../../certificates/index.js';
import type { AnySettingsGroupDefinition, GroupContext, SettingsGroupDefinition } from '../registry.js';
import { loadGroups } from '../store.js';

// ── Reading posted values: wrong types are refused with a format error, unknown fields dropped ──────────────────────

/** Collects issues while reading a posted value. */
class Reader {
  readonly issues: FieldIssue[] = [];

  record(value: unknown, field: string): Record<string, unknown> {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    this.fail(field);
    return {};
  }

  list(value: unknown, field: string): unknown[] {
    if (Array.isArray(value)) return value;
    this.fail(field);
    return [];
  }

  oneOf<T>(value: unknown, allowed: readonly T[], field: string, fallback: T): T {
    if (allowed.includes(value as T)) return value as T;
    this.fail(field);
    return fallback;
  }

  switch(value: unknown, field: string): SwitchValue {
    return this.oneOf<SwitchValue>(value, ['on', 'off'], field, 'off');
  }

  /** A whole number, or a string of digits (the form sends what was typed); range rules come after. */
  integer(value: unknown, field: string): number {
    if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
    if (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())) return Number(value.trim());
    // A number out of range or not whole is left to the range rule, which names the range.
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    this.fail(field, value === null || value === undefined || value === '' ? 'common.required' : 'common.format-error');
    return Number.NaN;
  }

  text(value: unknown, field: string): string {
    if (typeof value === 'string') return value;
    this.fail(field);
    return '';
  }

  boolean(value: unknown, field: string): boolean {
    if (typeof value === 'boolean') return value;
    this.fail(field);
    return false;
  }

  private fail(field: string, key: 'common.format-error' | 'common.required' = 'common.format-error'): void {
    this.issues.push(...onField(field, issue(key)));
  }
}

// ── https ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** What `domains.https_options` holds. */
type HttpsOptions = Omit<HttpsGroup, 'status' | 'certificate_id' | 'certificate_name'>;

interface HttpsColumns {
  https: number;
  certificate_id: number | null;
  certificate_name: string;
  https_options: string | null;
}

function readHttpsColumns(context: GroupContext): HttpsColumns {
  return context.tenant.get<HttpsColumns>('domains', {
    columns: 'https, certificate_id, certificate_name, https_options',
    where: 'id = @id',
    params: { id: context.domain.id },
  })!;
}

/** The bound certificate: the binding is the source of truth, the domain's columns its mirror. */
function boundCertificate(context: GroupContext): { id: number; name: string } | null {
  return (
    context.tenant.get<{ id: number; name: string }>('certificate_bindings', {
      columns: 'certificate_id AS id, (SELECT name FROM certificates WHERE certificates.id = certificate_bindings.certificate_id) AS name',
      where: 'domain_id = @id',
      params: { id: context.domain.id },
    }) ?? null
  );
}

function loadHttps(context: GroupContext): HttpsGroup {
  const row = readHttpsColumns(context);
  const defaults = defaultHttps();
  const options = row.https_options === null ? {} : (JSON.parse(row.https_options) as Partial<HttpsOptions>);
  const bound = boundCertificate(context);
  return {
    ...defaults,
    ...options,
    hsts: { ...defaults.hsts, ...options.hsts },
    status: row.https === 1 ? 'on' : 'off',
    certificate_id: bound?.id ?? null,
    certificate_name: bound?.name ?? '',
  };
}

function stripHttps(value: HttpsGroup): HttpsGroup {
  const { certificate_name: _name, hsts_disabled_at: _disabled, ...rest } = value;
  return rest;
}

function parseHttps(raw: unknown): { value: HttpsGroup; issues: FieldIssue[] } {
  const read = new Reader();
  const source = read.record(raw, '');
  const hsts = read.record(source.hsts, 'hsts');
  const certificate = source.certificate_id;
  const certificateId =
    certificate === null || certificate === undefined || certificate === ''
      ? null
      : typeof certificate === 'number' && Number.isSafeInteger(certificate) && certificate > 0
        ? certificate
        : (read.issues.push(...onField('certificate_id', issue('common.positive-integer'))), null);
  const defaults = defaultHttps();
  const value: HttpsGroup = {
    status: read.switch(source.status, 'status'),
    certificate_id: certificateId,
    redirect: read.oneOf(source.redirect, HTTPS_REDIRECTS, 'redirect', defaults.redirect),
    jump_port: read.integer(source.jump_port, 'jump_port'),
    hsts: {
      status: read.switch(hsts.status, 'hsts.status'),
      max_age: read.integer(hsts.max_age, 'hsts.max_age'),
      include_subdomains: read.boolean(hsts.include_subdomains, 'hsts.include_subdomains'),
    },
    http2: read.switch(source.http2, 'http2'),
    ocsp: read.switch(source.ocsp, 'ocsp'),
    min_tls: read.oneOf<TlsVersion>(source.min_tls, TLS_VERSIONS, 'min_tls', defaults.min_tls),
    ciphers: read.oneOf(source.ciphers, CIPHER_SUITES, 'ciphers', defaults.ciphers),
    custom_ciphers: source.custom_ciphers === undefined ? '' : read.text(source.custom_ciphers, 'custom_ciphers').trim(),
  };
  if (value.ciphers !== 'custom') value.custom_ciphers = '';
  return { value, issues: read.issues.length > 0 ? read.issues : validateHttps(value) };
}

/**
 * Whether the caller may link this certificate (rules §6 "Unauthorized certificates cannot be linked"): the
 * account's, and for a sub-account the same rule `V4/certificate.bind` applies (its certificate grant to manage it,
 * and every website it already serves), the stricter of the readings, so the picker's `editable` says it too.
 */
function mayLink(context: GroupContext, id: number): boolean {
  const caller = permissions(context.request);
  if (!caller.isChild) return true;
  return caller.allows('certificate', 'manage', id) && mayReach(caller, 'manage', reachedWebsites(context.request, 'certificate', id));
}

function checkHttps(value: HttpsGroup, context: GroupContext): FieldIssue[] {
  const before = loadHttps(context);
  const issues: FieldIssue[] = [];
  const changed = value.certificate_id !== before.certificate_id;
  const turnedOn = value.status === 'on' && before.status === 'off';
  if (value.certificate_id !== null && (changed || turnedOn)) {
    const visible = permissions(context.request).visible('certificate', 'id');
    const row = context.tenant.get<CertificateRow>('certificates', {
      columns: PUBLIC_COLUMNS,
      where: `id = @certificate_id AND ${visible.where}`,
      params: { ...visible.params, certificate_id: value.certificate_id },
    });
    let found = null;
    if (!row || (changed && !mayLink(context, row.id))) found = issue('https-tab.certificate-unauthorized');
    else if (row.not_after === null || row.chain_pem === null || (row.apply_status !== 'issued' && row.apply_status !== 'uploaded')) {
      found = issue('https-tab.certificate-not-issued');
    } else if (certificateExpiryState(row.not_after, context.now) === 'expired') found = issue('https-tab.certificate-expired');
    else if (!certificateCovers(JSON.parse(row.domains) as string[], context.domain.domain)) {
      found = issue('certificates.not-covered', { domain: context.domain.domain });
    }
    issues.push(...onField('certificate_id', found));
  }
  // Rules §5: implicit forwarding cannot go to plain HTTP while HTTPS is on; turning HTTPS on must not break that.
  if (turnedOn) {
    const redirects = loadGroups(context.tenant, { kind: 'domain', id: context.domain.id }, ['upstream_redirect']).get('upstream_redirect')?.value as
      | UpstreamRedirectGroup
      | null
      | undefined;
    const broken = (redirects?.rules ?? []).some((rule) => validateUpstreamRedirect({ status: 'on', rules: [rule] }, { httpsEnabled: true }).length > 0);
    if (broken) issues.push(...onField('status', issue('origin.implicit-forward-https')));
  }
  return issues;
}

function storeHttps(value: HttpsGroup, context: GroupContext): void {
  const before = loadHttps(context);
  // Rules §9: HSTS keeps forcing HTTPS for a month after it is turned off; remember when, so the form can say until when.
  const hstsDisabledAt =
    value.hsts.status === 'on' ? null : before.hsts.status === 'on' ? isoTime(context.now) : (before.hsts_disabled_at ?? null);
  const options: HttpsOptions = {
    redirect: value.redirect,
    jump_port: value.jump_port,
    hsts: value.hsts,
    hsts_disabled_at: hstsDisabledAt,
    http2: value.http2,
    ocsp: value.ocsp,
    min_tls: value.min_tls,
    ciphers: value.ciphers,
    custom_ciphers: value.custom_ciphers,
  };
  const tenant = context.tenant;
  tenant.update('domains', { https: value.status === 'on' ? 1 : 0, https_options: JSON.stringify(options), updated_at: context.now }, 'id = @id', {
    id: context.domain.id,
  });
  if (value.certificate_id === before.certificate_id) return;
  const session = requireSession(context.request);
  tenant.remove('certificate_bindings', 'domain_id = @id', { id: context.domain.id });
  let certificate: { id: number; name: string } | null = null;
  if (value.certificate_id !== null) {
    certificate = tenant.get<{ id: number; name: string }>('certificates', { columns: 'id, name', where: 'id = @id', params: { id: value.certificate_id } })!;
    tenant.insert('certificate_bindings', { domain_id: context.domain.id, certificate_id: certificate.id, bound_by: session.userId, bound_at: context.now });
  }
  mirrorBinding(context.request.server.db, session.memberId, [context.domain.id], certificate);
}

const httpsDefinition: SettingsGroupDefinition<'https'> = {
  name: 'https',
  defaults: () => defaultHttps(),
  parse: (raw) => parseHttps(raw),
  check: checkHttps,
  load: loadHttps,
  store: storeHttps,
  strip: stripHttps,
};

// ── upstream_uri_change ───────────────────────────────────────────────────────────────────────────────────────────

function parseUriChange(raw: unknown): { value: UpstreamUriChangeGroup; issues: FieldIssue[] } {
  const read = new Reader();
  const source = read.record(raw, '');
  const rules = read.list(source.rules, 'rules').map((entry, index): UriRewriteRule => {
    const rule = read.record(entry, `rules.${index}`);
    return {
      method: read.oneOf<RewriteMethod>(rule.method, REWRITE_METHODS, `rules.${index}.method`, 'prefix'),
      source: read.text(rule.source, `rules.${index}.source`).trim(),
      target: read.text(rule.target, `rules.${index}.target`).trim(),
      priority: rule.priority === undefined ? index + 1 : read.integer(rule.priority, `rules.${index}.priority`),
    };
  });
  // The priority orders the rules (1 first); ties keep the posted order. Stored renumbered 1..n.
  const ordered = renumberRules(rules.map((rule, index) => ({ rule, index })).sort((a, b) => a.rule.priority - b.rule.priority || a.index - b.index).map(({ rule }) => rule));
  const value: UpstreamUriChangeGroup = { status: read.switch(source.status, 'status'), rules: read.issues.length > 0 ? rules : ordered };
  return { value, issues: read.issues.length > 0 ? read.issues : validateUpstreamUriChange(value) };
}

const uriChangeDefinition: SettingsGroupDefinition<'upstream_uri_change'> = {
  name: 'upstream_uri_change',
  defaults: () => defaultUpstreamUriChange(),
  parse: (raw) => parseUriChange(raw),
};

// ── upstream_redirect ─────────────────────────────────────────────────────────────────────────────────────────────

function httpsEnabled(context: GroupContext): boolean {
  return readHttpsColumns(context).https === 1;
}

function parseRedirect(raw: unknown, context: GroupContext): { value: UpstreamRedirectGroup; issues: FieldIssue[] } {
  const read = new Reader();
  const source = read.record(raw, '');
  const rules = read.list(source.rules, 'rules').map((entry, index): RedirectRule => {
    const rule = read.record(entry, `rules.${index}`);
    return {
      source_port: read.integer(rule.source_port, `rules.${index}.source_port`),
      source_path: read.text(rule.source_path, `rules.${index}.source_path`).trim(),
      target: read.text(rule.target, `rules.${index}.target`).trim(),
      kind: read.oneOf<RedirectRule['kind']>(rule.kind, REDIRECT_KINDS, `rules.${index}.kind`, 301),
    };
  });
  const value: UpstreamRedirectGroup = { status: read.switch(source.status, 'status'), rules };
  return { value, issues: read.issues.length > 0 ? read.issues : validateUpstreamRedirect(value, { httpsEnabled: httpsEnabled(context) }) };
}

const redirectDefinition: SettingsGroupDefinition<'upstream_redirect'> = {
  name: 'upstream_redirect',
  defaults: () => defaultUpstreamRedirect(),
  parse: parseRedirect,
};

export const httpsGroupDefinitions: readonly AnySettingsGroupDefinition[] = [httpsDefinition, uriChangeDefinition, redirectDefinition];
