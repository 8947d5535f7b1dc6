/**
 * Who may see and change DNS domains (shell §6 "DNS domainList requires the domainList permission"; rules §6). DNS is
 * a module of its own (issue 26): without the group's `dns` grant a child gets PERMISSION_DENIED_CODE on every DNS
 * call (dns.domain.*, dns.record.*, dns.group.*, dns.job.*); read access lists, manage access writes. A grant limited
 * to in-group or specified objects sees the DNS domains named in `permission_objects` under module `dns` (migration
 * 276 moved the older `dns_domains.perm_group_id` binding there), and through them their records and statistics.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_CODE, PERMISSION_DENIED_CODE } from '../../../../core/api/catalogue.js';
import type { ModuleAccess } from '../../../../core/api/endpoints/platform.js';
import { fail } from '../../platform/http/envelope.js';
import { permissions, type SqlCondition } from '../../platform/security/permissions.js';
import { scope } from '../../platform/security/scope.js';
import { requireSession } from '../../platform/security/session.js';

/** The caller's DNS access. */
export interface DnsAccess {
  /** Limits `dns_domains` rows (their id in `idColumn`) to the caller's visible domains. */
  domains(idColumn?: string): SqlCondition;
  /** The same limit for tables with a `domain_id` column: the id must be a visible domain of the account. */
  byDomainId(column?: string): SqlCondition;
  /**
   * Limits `dns_groups` rows (id in `column`) to the groups the caller may see (rules §6 per object): those holding
   * no domain, free for anyone to file into, or at least one visible domain. A group holding only domains outside a
   * sub-account's grant is not shown, not even by name.
   */
  groups(column?: string): SqlCondition;
  /** The permission group (and binding kind) a domain the caller creates is bound to, or null. */
  bindNewTo: DnsBinding | null;
  /** True when allowed; otherwise answers PERMISSION_DENIED_CODE and returns false. */
  require(reply: FastifyReply, access: ModuleAccess): boolean;
  /**
   * Rules §6 per object: DNS groups belong to the whole account, so renaming or deleting one changes the domains of
   * everybody who filed domains in it; a caller may do it only when the group holds none but the domains it sees.
   */
  holdsOnlyVisible(groupId: number): boolean;
  /**
   * Whether the caller may change the domains it sees and their records (rules §6 per object; the `editable` the
   * lists send): the grant's manage level. Which domains it sees is {@link domains}; a domain outside them is not
   * found at all. Every DNS change route refuses through {@link require}, which asks the same question.
   */
  readonly mayChangeDomains: boolean;
  /** Whether the caller may rename or delete a group: {@link mayChangeDomains} and {@link holdsOnlyVisible}. */
  mayChangeGroup(groupId: number): boolean;
}

/** Where a child's new DNS domain is bound (rules §6 "include objects added later"). */
export interface DnsBinding {
  group_id: number;
  kind: 'group' | 'specified';
}

/**
 * The refusal of DNS domains or records the caller cannot see: PERMISSION_DENIED_CODE (the catalogue's permission
 * error, as every object route answers an object outside the grant) when one of them is the account's, NOT_FOUND_CODE
 * when none exists. Outsiders of another account get NOT_FOUND: the scope never sees their rows.
 */
export function refuseUnseen(request: FastifyRequest, reply: FastifyReply, table: 'dns_domains' | 'dns_records', ids: readonly number[]): FastifyReply {
  const exists = scope(request).count(table, { where: 'id IN (SELECT value FROM json_each(@ids))', params: { ids: JSON.stringify(ids) } }) > 0;
  return fail(reply, exists ? PERMISSION_DENIED_CODE : NOT_FOUND_CODE);
}

/** The DNS access of the signed-in caller. */
export function dnsAccess(request: FastifyRequest): DnsAccess {
  const session = requireSession(request);
  const granted = permissions(request);
  const grant = granted.grant('dns');
  const mayChangeDomains = granted.can('dns', 'manage');
  const limited = granted.isChild && grant !== null && grant.object_scope !== 'all';
  const domains = (idColumn = 'id'): SqlCondition => {
    if (!grant) return { where: '0', params: {} };
    if (!limited) return { where: '1', params: {} };
    return granted.visible('dns', idColumn);
  };
  const holdsOnlyVisible = (groupId: number): boolean => {
    const visible = domains();
    // COALESCE: should the condition ever be NULL for a row, NOT (NULL) would not count it.
    return scope(request).count('dns_domains', { where: `dns_group_id = @group_id AND NOT COALESCE((${visible.where}), 0)`, params: { group_id: groupId, ...visible.params } }) === 0;
  };
  return {
    domains: (column) => domains(column),
    byDomainId(column = 'domain_id') {
      const visible = domains('d.id');
      return {
        where: `${column} IN (SELECT d.id FROM dns_domains d WHERE d.member_id = @member_id AND ${visible.where})`,
        params: visible.params,
      };
    },
    groups(column = 'dns_groups.id') {
      const visible = domains('g.id');
      if (visible.where === '1') return visible;
      return {
        where: `(NOT EXISTS (SELECT 1 FROM dns_domains g WHERE g.member_id = @member_id AND g.dns_group_id = ${column})
                 OR EXISTS (SELECT 1 FROM dns_domains g WHERE g.member_id = @member_id AND g.dns_group_id = ${column} AND ${visible.where}))`,
        params: visible.params,
      };
    },
    bindNewTo:
      limited && grant?.auto_bind_new && session.groupId !== null ? { group_id: session.groupId, kind: grant.object_scope as DnsBinding['kind'] } : null,
    holdsOnlyVisible,
    mayChangeDomains,
    mayChangeGroup: (groupId) => mayChangeDomains && holdsOnlyVisible(groupId),
    require(reply, access) {
      if (access === 'manage' ? mayChangeDomains : granted.can('dns', access)) return true;
      fail(reply, PERMISSION_DENIED_CODE);
      return false;
    },
  };
}
