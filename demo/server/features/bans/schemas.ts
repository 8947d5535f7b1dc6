/** Request schemas of the ban and IP list calls (rules §3-§5, §9 bans and IP lists); rules in ./payloads.ts. */
import { Type } from 'typebox';
import { bodyRoute, getRoute, Id, IdList, listRoute, queryFields, queryIntegers, TextList, type RouteSchemas } from '../../platform/http/schemas.js';

const BANS = 'bans';
const LISTS = 'ip-lists';
const BAN_FILTERS = { ...queryFields('ip', 'status', 'start_time', 'end_time'), ...queryIntegers('domain_id') };

/** Schemas by `METHOD /path`. */
export const banSchemas: RouteSchemas = {
  'GET /V4/ban.record.list': listRoute(BANS, 'Ban records (UTC+8 times, rules §9 date ranges)', BAN_FILTERS),
  'GET /V4/ban.overview': getRoute(BANS, 'Bans by state, most banned addresses and domains', BAN_FILTERS),
  'POST /V4/ban.record.unban': bodyRoute(BANS, 'Unban records now', { ids: IdList }),
  'POST /V4/ban.batch.unban': bodyRoute(BANS, 'Unban addresses of a domain in one chunk of a batch', { domain_id: Id, entries: TextList }),
  'GET /V4/ip.list.list': listRoute(LISTS, 'IP lists with their entry counts', queryFields('keyword')),
  'GET /V4/ip.list.options': getRoute(LISTS, 'IP lists to pick in a firewall condition'),
  'GET /V4/ip.list.get': getRoute(LISTS, 'One IP list', queryIntegers('id')),
  'POST /V4/ip.list.create': bodyRoute(LISTS, 'Create an IP list', { name: Type.String(), remark: Type.Optional(Type.String()) }),
  'POST /V4/ip.list.update': bodyRoute(LISTS, 'Rename an IP list', { id: Id, name: Type.String(), remark: Type.Optional(Type.String()) }),
  'POST /V4/ip.list.delete': bodyRoute(LISTS, 'Delete an IP list no firewall rule references', { id: Id }),
  'GET /V4/ip.list.entry.list': listRoute(LISTS, 'Entries of an IP list; an address finds the blocks covering it', {
    ...queryIntegers('id'),
    ...queryFields('keyword'),
  }),
  'POST /V4/ip.list.entry.add': bodyRoute(LISTS, 'Add addresses and CIDR blocks, typed or from a file', {
    id: Id,
    entries: TextList,
    source: Type.Optional(Type.String()),
    file_name: Type.Optional(Type.String()),
  }),
  'POST /V4/ip.list.entry.remove': bodyRoute(LISTS, 'Remove entries from an IP list', { id: Id, entry_ids: IdList }),
  'GET /V4/ip.list.export': getRoute(LISTS, 'Every entry of an IP list as text', queryIntegers('id')),
};
