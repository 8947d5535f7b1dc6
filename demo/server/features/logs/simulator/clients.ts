/**
 * Who visits: client families (browsers, apps, crawlers, tools, scanners) with their user agents and TLS fingerprints,
 * and a population of client addresses placed in the region tree the server serves (`V4/share_data.region`
 * ipRegions), so a region condition of a WAF rule sees the same country and province codes the console offers.
 *
 * Addresses come from the reference server's one address table (platform/geo.ts): a simulation never needs the exact
 * allocation, only that one country's visitors do not share a prefix with another's, so an IP/CIDR rule or filter
 * picks out a place the way it would in production, and the login log places a simulated address where it was drawn.
 */
import type { IpRegion } from '../../../../../core/api/endpoints/platform.js';
import { IPV4_BLOCKS, IPV6_FIRST_GROUP, regionOfAddress } from '../../../platform/geo.js';
import { crawlerAddress } from '../../../platform/reverse-dns.js';
import { createRandom, hash32, WeightedChoice, type Random } from './random.js';

/** What a client is. */
export type ClientKind = 'browser' | 'app' | 'good-bot' | 'tool' | 'bad-bot' | 'scanner';

/** A family of clients sharing a user agent style and TLS stack. */
export interface ClientFamily {
  key: string;
  kind: ClientKind;
  device: 'pc' | 'mobile' | 'tablet' | 'other';
  userAgents: readonly string[];
  /** JA3 and JA4 of the family's TLS stack: one client library, one fingerprint. */
  ja3: string;
  ja4: string;
  /** JA4H (HTTP client fingerprint). */
  ja4h: string;
}

const CHROME_JA3 = 'cd08e31494f9531f560d64c695473da9';
const CHROME_JA4 = 't13d1516h2_8daaf6152771_02713d6af862';

/** The families, browsers first. */
export const CLIENT_FAMILIES: readonly ClientFamily[] = [
  {
    key: 'chrome-windows',
    kind: 'browser',
    device: 'pc',
    userAgents: [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    ],
    ja3: CHROME_JA3,
    ja4: CHROME_JA4,
    ja4h: 'ge11cn20enus_9ed1ff1f7b03_cd8dafe26982_000000000000',
  },
  {
    key: 'chrome-mac',
    kind: 'browser',
    device: 'pc',
    userAgents: ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'],
    ja3: CHROME_JA3,
    ja4: CHROME_JA4,
    ja4h: 'ge11cn20enus_9ed1ff1f7b03_cd8dafe26982_000000000000',
  },
  {
    key: 'safari-ios',
    kind: 'browser',
    device: 'mobile',
    userAgents: [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
    ],
    ja3: '773906b0efdefa24a7f2b8eb6985bf37',
    ja4: 't13d2014h2_a09f3c656075_14788d8d241b',
    ja4h: 'ge11cn09zhcn_a4c81d56ec1e_000000000000_000000000000',
  },
  {
    key: 'safari-ipad',
    kind: 'browser',
    device: 'tablet',
    userAgents: ['Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1'],
    ja3: '773906b0efdefa24a7f2b8eb6985bf37',
    ja4: 't13d2014h2_a09f3c656075_14788d8d241b',
    ja4h: 'ge11cn09zhcn_a4c81d56ec1e_000000000000_000000000000',
  },
  {
    key: 'chrome-android',
    kind: 'browser',
    device: 'mobile',
    userAgents: [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Mozilla/5.0 (Linux; Android 13; SM-S9180) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
    ],
    ja3: CHROME_JA3,
    ja4: CHROME_JA4,
    ja4h: 'ge11cn19zhcn_e4a2b6b0e8d1_cd8dafe26982_000000000000',
  },
  {
    key: 'firefox',
    kind: 'browser',
    device: 'pc',
    userAgents: ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'],
    ja3: 'b5001237acdf006056b409cc433726b0',
    ja4: 't13d1715h2_5b57614c22b0_3d5424432f57',
    ja4h: 'ge11cn10enus_4be6df21d9c5_2e6ff6cb2b4b_000000000000',
  },
  {
    key: 'wechat',
    kind: 'app',
    device: 'mobile',
    userAgents: [
      'Mozilla/5.0 (Linux; Android 14; V2307A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/122.0.6261.120 Mobile Safari/537.36 XWEB/1220133 MMWEBSDK/20240404 MicroMessenger/8.0.49.2600(0x28003133) NetType/WIFI Language/zh_CN',
    ],
    ja3: '66918128f1b9b03303d77c6f2eefd128',
    ja4: 't13d1517h2_8daaf6152771_b1ff8ab2d16f',
    ja4h: 'ge11cn12zhcn_7b2d6c1f9a3e_000000000000_000000000000',
  },
  {
    key: 'googlebot',
    kind: 'good-bot',
    device: 'other',
    userAgents: ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ja3: 'a0e9f5d64349fb13191bc781f81f42e1',
    ja4: 't13d1312h2_e8a523a41297_ef7df7f74e48',
    ja4h: 'ge11nn05enus_5b0e1c3a7d2f_000000000000_000000000000',
  },
  {
    key: 'baiduspider',
    kind: 'good-bot',
    device: 'other',
    userAgents: ['Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)'],
    ja3: '3b5074b1b5d032e5620f69f9f700ff0e',
    ja4: 't12d1209h1_d34a8e72043a_b39be8c56a14',
    ja4h: 'ge10nn04zhcn_1c6b3a2f8e9d_000000000000_000000000000',
  },
  {
    key: 'curl',
    kind: 'tool',
    device: 'other',
    userAgents: ['curl/8.5.0', 'curl/7.88.1'],
    ja3: '456523fc94726331a4d5a2e1d40b2cd7',
    ja4: 't13d3112h2_e8f1e7e78f70_375f2c2f3c8e',
    ja4h: 'ge11nn010000_4740ae6347b0_000000000000_000000000000',
  },
  {
    key: 'python-requests',
    kind: 'bad-bot',
    device: 'other',
    userAgents: ['python-requests/2.31.0', 'python-requests/2.32.3'],
    ja3: '3e860202fc555b939e83e7a7ab518c38',
    ja4: 't13d1812h1_85036bcba153_375ca2c5e164',
    ja4h: 'ge11nn030000_a7cfd7e38b01_000000000000_000000000000',
  },
  {
    key: 'scrapy',
    kind: 'bad-bot',
    device: 'other',
    // Scrapers also pose as Googlebot (from hosting addresses, so the bot report finds them spoofed).
    userAgents: [
      'Scrapy/2.11.2 (+https://scrapy.org)',
      'Go-http-client/1.1',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    ],
    ja3: 'e7d705a3286e19ea42f587b344ee6865',
    ja4: 't13d1713h2_5b57614c22b0_748f4c70de1c',
    ja4h: 'ge11nn040000_1a5c0e0f6b7d_000000000000_000000000000',
  },
  {
    key: 'scanner',
    kind: 'scanner',
    device: 'other',
    userAgents: [
      'sqlmap/1.8.4#stable (https://sqlmap.org)',
      'Mozilla/5.00 (Nikto/2.5.0) (Evasions:None) (Test:Port Check)',
      'Mozilla/5.0 zgrab/0.x',
      'masscan/1.3 (https://github.com/robertdavidgraham/masscan)',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/91.0.4472.124 Safari/537.36',
    ],
    ja3: '19e29534fd49dd27d09234e639c4057e',
    ja4: 't12d5810h1_0b1a3c0e9d7f_5c3f1d2b7a9e',
    ja4h: 'ge10nn020000_9b8c7d6e5f4a_000000000000_000000000000',
  },
];

/** Family indexes by kind, for the request generators. */
export function familiesOf(kind: ClientKind): number[] {
  return CLIENT_FAMILIES.flatMap((family, index) => (family.kind === kind ? [index] : []));
}

/** Ordinary visitors' families and their shares. */
const VISITOR_MIX: ReadonlyArray<readonly [string, number]> = [
  ['chrome-windows', 30],
  ['chrome-mac', 8],
  ['safari-ios', 18],
  ['safari-ipad', 3],
  ['chrome-android', 20],
  ['firefox', 5],
  ['wechat', 10],
  ['googlebot', 2],
  ['baiduspider', 2],
  ['curl', 2],
];

/** A place of the region tree a client can be in. */
export interface Place {
  /** ISO country code for the log line. */
  country: string;
  /** Province code (`CN-GD`) for mainland clients, '' elsewhere. */
  province: string;
  /** The region key the matcher compares (the province for mainland clients, the country otherwise). */
  region: string;
}

/** Shares of traffic by place: a console of a Chinese provider sees mostly mainland visitors. */
const PROVINCE_WEIGHT: Record<string, number> = { 'CN-GD': 12, 'CN-BJ': 9, 'CN-SH': 9, 'CN-ZJ': 8, 'CN-JS': 8, 'CN-SD': 5, 'CN-SC': 5, 'CN-HB': 4, 'CN-FJ': 4, 'CN-HA': 4 };
const COUNTRY_WEIGHT: Record<string, number> = { HK: 3, TW: 2, MO: 0.5, US: 7, JP: 2, SG: 2, KR: 1.5, DE: 1.2, GB: 1.2, RU: 1, IN: 1, BR: 0.6, FR: 0.8, AU: 0.6 };

/** The places of the tree (the leaves), with their weights. */
export function placesOf(tree: readonly IpRegion[]): { places: Place[]; weights: number[] } {
  const places: Place[] = [];
  const weights: number[] = [];
  const visit = (node: IpRegion, top: string): void => {
    if (node.child && node.child.length > 0) {
      for (const child of node.child) visit(child, top);
      return;
    }
    const mainland = node.key.startsWith('CN-');
    places.push({ country: mainland ? 'CN' : node.key, province: mainland ? node.key : '', region: node.key });
    weights.push(mainland ? (PROVINCE_WEIGHT[node.key] ?? 1.2) : (COUNTRY_WEIGHT[node.key] ?? (top === 'CN' ? 1 : 0.25)));
  };
  for (const region of tree) visit(region, region.key);
  return { places, weights };
}

/** A plausible address of a place; `attack` addresses favour hosting networks abroad. */
export function addressIn(place: Place, random: Random, ipv6Share = 0.08): string {
  if (random.chance(ipv6Share)) {
    // Countries without an IPv6 block of their own in the table get one of RIPE's, which a lookup leaves unknown.
    const prefix = IPV6_FIRST_GROUP[place.country]?.[0] ?? '2a02';
    const group = () => random.int(0x10000).toString(16);
    return `${prefix}:${group()}:${group()}:${group()}::${group()}`;
  }
  const blocks = IPV4_BLOCKS[place.country];
  let first: number;
  let second: number;
  if (place.province) {
    // Each province owns a slice of a few of China's blocks, so a province's visitors share prefixes.
    const seat = hash32('province', place.province);
    const cn = IPV4_BLOCKS.CN!;
    first = Number(cn[(seat + random.int(3) * 7) % cn.length]!);
    second = (seat >>> 8) % 224 + random.int(32);
    // A /16 inside China's /8 can belong to a smaller place (Macao's 60.246): step past it.
    while (regionOfAddress(`${first}.${second}.0.1`) !== 'CN') second = (second + 1) % 256;
  } else if (blocks) {
    const [octet, fixedSecond] = random.pick(blocks).split('.');
    first = Number(octet);
    second = fixedSecond === undefined ? random.int(256) : Number(fixedSecond);
  } else {
    // Countries without a listed block get a /8 of their own from a pool of RIR ranges, fixed by their code.
    const pool = [41, 45, 62, 77, 80, 83, 85, 88, 89, 92, 93, 94, 102, 105, 109, 154, 156, 178, 181, 185, 187, 188, 190, 196, 197, 200, 201];
    first = pool[hash32('country', place.country) % pool.length]!;
    second = (hash32('second', place.country) % 200) + random.int(56);
  }
  return `${first}.${second}.${random.int(256)}.${1 + random.int(254)}`;
}

/** One visitor: an address with its place, a browser or app, and what the edge knows of the address. */
export interface Client {
  ip: string;
  place: Place;
  family: number;
  userAgent: string;
  /** IP types the address has (an empty list means none). */
  ipTypes: string[];
}

/** A fixed population of visitors drawn from the seed, most popular first (Zipf order). */
export function visitorPopulation(seed: number, tree: readonly IpRegion[], size: number): Client[] {
  const random = createRandom(hash32(seed, 'visitors'));
  const { places, weights } = placesOf(tree);
  const placeChoice = new WeightedChoice(weights);
  const keys = CLIENT_FAMILIES.map((family) => family.key);
  const mix = VISITOR_MIX.map(([key]) => keys.indexOf(key));
  const mixChoice = new WeightedChoice(VISITOR_MIX.map(([, share]) => share));
  const clients: Client[] = [];
  for (let i = 0; i < size; i++) {
    const family = mix[mixChoice.draw(random)]!;
    const kind = CLIENT_FAMILIES[family]!.kind;
    // Crawlers come from their operators' networks in the US and China, not from everywhere.
    const place = kind === 'good-bot' ? places.find((p) => p.country === (CLIENT_FAMILIES[family]!.key === 'googlebot' ? 'US' : 'CN'))! : places[placeChoice.draw(random)]!;
    const drawn = addressIn(place, random);
    clients.push({
      // Crawlers crawl from their operators' networks (platform/reverse-dns.ts), so their addresses verify; the
      // address is still drawn first so every other visitor of the seed stays where it was.
      ip: kind === 'good-bot' ? (crawlerAddress(CLIENT_FAMILIES[family]!.key, hash32('crawler', drawn)) ?? drawn) : drawn,
      place,
      family,
      userAgent: random.pick(CLIENT_FAMILIES[family]!.userAgents),
      ipTypes: kind === 'good-bot' ? ['idc'] : CLIENT_FAMILIES[family]!.device === 'mobile' && random.chance(0.4) ? ['base-station'] : random.chance(0.5) ? ['dynamic-dial'] : [],
    });
  }
  return clients;
}

/** Attackers: hosting and proxy addresses, mostly abroad, with tools, bad bots and scanners. */
export function attackerPopulation(seed: number, tree: readonly IpRegion[], size: number): Client[] {
  const random = createRandom(hash32(seed, 'attackers'));
  const { places, weights } = placesOf(tree);
  // Attack sources are spread far wider than the visitors: flatten the mainland's weight.
  const choice = new WeightedChoice(weights.map((weight, index) => (places[index]!.province ? weight / 6 : weight + 1)));
  const hostile = [...familiesOf('bad-bot'), ...familiesOf('scanner'), ...familiesOf('tool')];
  return Array.from({ length: size }, () => {
    const place = places[choice.draw(random)]!;
    const family = random.pick(hostile);
    return {
      ip: addressIn(place, random, 0.05),
      place,
      family,
      userAgent: random.pick(CLIENT_FAMILIES[family]!.userAgents),
      ipTypes: random.chance(0.6) ? ['idc'] : random.chance(0.5) ? ['proxy'] : [],
    };
  });
}
