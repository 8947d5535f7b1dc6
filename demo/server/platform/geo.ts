/**
 * Where an address is, in the keys of the region tree (shell §3 ipRegions): the one address table of the reference
 * server. The login whitelist by region (rules §6) and the login log look addresses up in it, and the traffic
 * simulator draws its visitors' addresses from it, so a simulated visitor is placed where a lookup would place it.
 *
 * The reference server ships no GeoIP database (none with a licence that fits the demo is on the machine), so this is a
 * small fixed table of registry allocations at /8 and /16 (IPv4) and /16 (IPv6) precision: enough to tell a mainland
 * Chinese address from an American one in a demo and in tests, and answering "unknown" for everything it does not
 * list. A deployment replaces `regionOfAddress` with a real lookup; its callers treat "unknown" as outside every
 * region (a whitelist by region refuses it), the stricter reading.
 */

/**
 * IPv4 blocks by country: a first octet (/8) or the first two (/16, for places smaller than a /8 of their own).
 * Registries' main allocations, rounded; no block is listed twice, and a /16 wins over the /8 holding it.
 */
export const IPV4_BLOCKS: Readonly<Record<string, readonly string[]>> = {
  CN: ['36', '39', '42', '58', '59', '60', '61', '101', '106', '110', '111', '112', '113', '114', '115', '116', '117', '118', '119', '120', '121', '122', '123', '124', '125', '171', '175', '180', '182', '183', '218', '220', '221', '222', '223'],
  HK: ['14', '43'],
  MO: ['60.246'],
  TW: ['27'],
  JP: ['126', '133', '153'],
  KR: ['211'],
  SG: ['128', '165'],
  US: ['3', '4', '8', '12', '13', '23', '24', '50', '63', '64', '66', '67', '68', '69', '70', '71', '72', '73', '74', '75', '76', '96', '97', '98', '99', '104', '107', '108'],
  GB: ['51', '81', '86'],
  DE: ['46', '79', '84', '87'],
  FR: ['78', '82', '90'],
  RU: ['5', '91', '95', '176'],
  BR: ['177', '179', '186', '189'],
  IN: ['49', '103'],
  AU: ['1.120', '101.160'],
};

/** Country by the first IPv6 group (the carriers' and registries' large blocks). */
export const IPV6_FIRST_GROUP: Readonly<Record<string, readonly string[]>> = {
  CN: ['240e', '2408', '2409'],
  US: ['2600', '2601', '2602', '2603', '2604', '2605', '2606', '2607'],
  JP: ['2400'],
};

const byPrefix = new Map<string, string>();
for (const [country, blocks] of Object.entries(IPV4_BLOCKS)) for (const block of blocks) byPrefix.set(block, country);
const byGroup = new Map<string, string>();
for (const [country, groups] of Object.entries(IPV6_FIRST_GROUP)) for (const group of groups) byGroup.set(group, country);

/**
 * The address as a person reads it: an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, what a dual-stack socket reports
 * for an IPv4 client) becomes its IPv4 form, so whitelists and logs see the address the user knows.
 */
export function clientAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

/** The country key of an address, or '' when the table does not know it (private, loopback, unlisted). */
export function regionOfAddress(ip: string): string {
  const address = clientAddress(ip);
  if (address.includes(':')) {
    const first = address.split(':')[0]!.toLowerCase().padStart(4, '0');
    return byGroup.get(first) ?? '';
  }
  const [first, second] = address.split('.');
  return byPrefix.get(`${first}.${second}`) ?? byPrefix.get(first ?? '') ?? '';
}
