/** Request schemas of the web security calls (issue 22); rules and limits in ./payloads.ts and core/rules/security-cards.ts. */
import { Type } from 'typebox';
import { SECURITY_V5_PATHS } from '../../../../core/api/endpoints/web-security.js';
import { bodyRoute, getRoute, Id, IdList, listRoute, queryFields, queryIntegers, type RouteSchemas } from '../../platform/http/schemas.js';

const TAG = 'web-security';
const TemplateFields = { name: Type.String(), remark: Type.Optional(Type.String()) };
/** A `/v5` PUT: `business_id` plus cards by name, each `{revision, value}` (parsed per card in payloads.ts). */
const CardsBody = { business_id: Id };

export const webSecuritySchemas: RouteSchemas = {
  [`GET /${SECURITY_V5_PATHS.ddos}`]: getRoute(TAG, 'Application DDoS protection and visitor authentication cards of a business (shell §7)', queryIntegers('business_id')),
  [`PUT /${SECURITY_V5_PATHS.ddos}`]: bodyRoute(TAG, 'Save application DDoS protection or visitor authentication of a business (shell §7)', CardsBody),
  [`GET /${SECURITY_V5_PATHS.waf}`]: getRoute(TAG, 'Every other protection card of a business (shell §7)', queryIntegers('business_id')),
  [`PUT /${SECURITY_V5_PATHS.waf}`]: bodyRoute(TAG, 'Save protection cards other than DDoS and visitor authentication (shell §7)', CardsBody),
  'GET /V4/web.security.business.get': getRoute(TAG, "A security policy business by id, the global policy's, or a domain's with its method and the business in force", {
    ...queryIntegers('business_id', 'domain_id'),
    ...queryFields('global'),
  }),
  'GET /V4/web.security.template.list': listRoute(TAG, 'Security templates with bound domain counts', queryFields('name')),
  'GET /V4/web.security.template.get': getRoute(TAG, 'One security template', queryIntegers('template_id')),
  'POST /V4/web.security.template.create': bodyRoute(TAG, 'Create a security template', TemplateFields),
  'POST /V4/web.security.template.update': bodyRoute(TAG, "Change a security template's name and remark", { template_id: Id, ...TemplateFields }),
  'POST /V4/web.security.template.delete': bodyRoute(TAG, 'Delete a security template no domain is bound to', { template_id: Id }),
  'GET /V4/web.security.domain.list': listRoute(TAG, 'Domains of one security configuration method', { ...queryFields('source', 'name'), ...queryIntegers('template_id') }),
  'POST /V4/web.security.template.bind': bodyRoute(TAG, 'Bind domains to a security template', { template_id: Id, domain_ids: IdList }),
  'POST /V4/web.security.template.unbind': bodyRoute(TAG, 'Unbind domains from a security template by copying or switching', {
    template_id: Id,
    domain_ids: IdList,
    unbind: Type.String(),
    to: Type.Optional(Type.String()),
    to_template_id: Type.Optional(Id),
  }),
  'POST /V4/web.security.method.change': bodyRoute(TAG, "Change a domain's security configuration method", { domain_id: Id, source: Type.String(), template_id: Type.Optional(Id) }),
  'POST /V4/web.security.batch.config': bodyRoute(TAG, 'Apply protection cards to many domains, each domain-specific afterwards', { domain_ids: IdList, cards: Type.Object({}) }),
};
