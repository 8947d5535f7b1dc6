/**
 * A domain's configuration method (rules §4: global policy, template or domain-specific), as the settings routes
 * need it. First version: the method is the cache settings' `source` and the template the domain was added with;
 * the configuration-method work of issue 20 gives it its own storage and the switch/unbind calls.
 */
import type { ConfigMethodInfo } from '../../../../core/api/endpoints/domain-settings.js';
import type { Scope } from '../../platform/security/scope.js';
import { cacheSettings } from '../cache/index.js';

/** The configuration method of one of the account's domains. */
export function configMethodOf(tenant: Scope, domainId: number): ConfigMethodInfo {
  const source = cacheSettings(tenant, domainId).source;
  const row = tenant.get<{ template_id: number | null; template_name: string | null }>('domains', {
    columns: 'template_id, (SELECT name FROM website_templates t WHERE t.id = domains.template_id) AS template_name',
    where: 'id = @id',
    params: { id: domainId },
  });
  return source === 'template'
    ? { source, template_id: row?.template_id ?? null, template_name: row?.template_name ?? '' }
    : { source, template_id: null, template_name: '' };
}
