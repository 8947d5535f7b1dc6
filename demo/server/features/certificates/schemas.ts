/** Request schemas of the certificate calls (rules §3-§6 certificates); rules in ./routes.ts with core/rules. */
import { Type } from 'typebox';
import { bodyRoute, getRoute, Id, IdList, listRoute, queryFields, queryIntegers, TextList, type RouteSchemas } from '../../platform/http/schemas.js';

const TAG = 'certificates';

/** Schemas by `METHOD /path`. */
export const certificateSchemas: RouteSchemas = {
  'GET /V4/certificate.list': listRoute(TAG, 'Certificates with expiry and apply state', queryFields('keyword', 'expiry_state', 'apply_status', 'sort')),
  'GET /V4/certificate.detail': getRoute(TAG, 'One certificate with its chain', queryIntegers('id')),
  'POST /V4/certificate.upload': bodyRoute(TAG, 'Upload a PEM certificate chain and its private key', {
    name: Type.String(),
    certificate: Type.String(),
    private_key: Type.String(),
  }),
  'POST /V4/certificate.update': bodyRoute(TAG, "Rename a certificate or replace its PEM", {
    id: Id,
    name: Type.String(),
    certificate: Type.Optional(Type.String()),
    private_key: Type.Optional(Type.String()),
  }),
  'POST /V4/certificate.delete': bodyRoute(TAG, 'Delete a certificate that no website uses', { id: Id }),
  'POST /V4/certificate.auto_renew.set': bodyRoute(TAG, 'Turn automatic renewal on or off', { id: Id, auto_renew: Type.Boolean() }),
  'POST /V4/certificate.free.apply': bodyRoute(TAG, 'Apply for free certificates for domains the caller manages', {
    issuer: Type.String(),
    domains: TextList,
  }),
  'POST /V4/certificate.bind': bodyRoute(TAG, 'Bind a certificate to websites', { certificate_id: Id, domain_ids: IdList }),
  'POST /V4/certificate.unbind': bodyRoute(TAG, 'Unbind a certificate from websites', { certificate_id: Id, domain_ids: IdList }),
  'GET /V4/certificate.binding.list': listRoute(TAG, 'Which websites use which certificate', queryIntegers('certificate_id', 'domain_id')),
  'POST /V4/certificate.download': bodyRoute(TAG, 'Download a certificate, with its private key only when confirmed', {
    id: Id,
    include_private_key: Type.Optional(Type.Boolean()),
    confirm_private_key: Type.Optional(Type.Boolean()),
  }),
};
