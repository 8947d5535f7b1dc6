/**
 * Who may see and change DNS domains (shell §6 "DNS domainList requires the domainList permission"; rules §6). The
 * domainList permission is the group's grant of the `domain` module: without it a child gets PERMISSION_DENIED_CODE
 * on every DNS call; read access lists, manage access writes. A grant limited to in-group or specified objects sees
 * the DNS domains bound to the group through `dns_domains.perm_group_id` (see migration 30).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PERMISSION_DENIED_CODE } from '../../../../core/api/catalogue.js';
import type { ModuleAccess } from '../../../../core/api/endpoints/platform.js';
import { fail } from '../../platform/http/envelope.js';
import { permissions, type SqlCondition } from '../../platform/security/permissions.js';
import { scope } from '../../platform/security/scope.js';
import { requireSession } from '../../platform/security/session.js';

/** The caller's DNS access. */
export interface DnsAccess {
  /** Limits `dns_domains` rows (or a `domain_id` column) to the caller's visible domains. */
  domains(column?: string): SqlCondition;
  /** The same limit for tables with a `domain_id` column: the id must be a visible domain of the account. */
  byDomainId(column?: string): SqlCondition;
  /**
   * Limits `dns_groups` rows (id in `column`) to the groups the caller may see (rules §6 per object): those holding
   * no domain, free for anyone to file into, or at least one visible domain. A group holding only domains outside a
   * sub-account's grant is not shown, not even by name.
   */
  groups(column?: string): SqlCondition;
  /** The permission group a domain the caller creates is bound to, or null. */
  bindNewTo: number | null;
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

/** The DNS access of the signed-in caller. */
export function dnsAccess(request: FastifyRequest): DnsAccess {
  const session = requireSession(request);
  const granted = permissions(request);
  const grant = granted.grant('domain');
  const mayChangeDomains = granted.can('domain', 'manage');
  const limited = granted.isChild && grant !== null && grant.object_scope !== 'all';
  const domains = (column = 'perm_group_id'): SqlCondition => {
    if (!grant) return { where: '0', params: {} };
    if (!limited) return { where: '1', params: {} };
    return { where: `${column} = @dns_perm_group`, params: { dns_perm_group: session.groupId } };
  };
  const holdsOnlyVisible = (groupId: number): boolean => {
    const visible = domains();
    // COALESCE: a domain bound to no group has perm_group_id NULL, and NOT (NULL = x) would not count it.
    return scope(request).count('dns_domains', { where: `dns_group_id = @group_id AND NOT COALESCE((${visible.where}), 0)`, params: { group_id: groupId, ...visible.params } }) === 0;
  };
  return {
    domains: (column) => domains(column),
    byDomainId(column = 'domain_id') {
      const visible = domains('d.perm_group_id');
      return {
        where: `${column} IN (SELECT d.id FROM dns_domains d WHERE d.member_id = @member_id AND ${visible.where})`,
        params: visible.params,
      };
    },
    groups(column = 'dns_groups.id') {
      const visible = domains('g.perm_group_id');
      if (visible.where === '1') return visible;
      return {
        where: `(NOT EXISTS (SELECT 1 FROM dns_domains g WHERE g.member_id = @member_id AND g.dns_group_id = ${column})
                 OR EXISTS (SELECT 1 FROM dns_domains g WHERE g.member_id = @member_id AND g.dns_group_id = ${column} AND ${visible.where}))`,
        params: visible.params,
      };
    },
    bindNewTo: limited && grant?.auto_bind_new ? session.groupId : null,
    holdsOnlyVisible,
    mayChangeDomains,
    mayChangeGroup: (groupId) => mayChangeDomains && holdsOnlyVisible(groupId),
    require(reply, access) {
      if (access === 'manage' ? mayChangeDomains : granted.can('domain', access)) return true;
      fail(reply, PERMISSION_DENIED_CODE);
      return false;
    },
  };
}
