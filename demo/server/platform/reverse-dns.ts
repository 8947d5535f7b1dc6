/**
 * Reverse and forward DNS of client addresses, for verifying crawlers (core/logs/bots.ts: a known bot is one whose
 * address's PTR name has its vendor's suffix and resolves back to the address). The reference server runs offline
 * and in tests, so it never asks a real resolver: it answers from a small table of crawler networks the way their
 * operators' DNS does (Google's `crawl-66-249-66-1.googlebot.com`, Baidu's `baiduspider-220-181-108-1.crawl.baidu.com`),
 * and the traffic simulator draws its crawlers' addresses from the same table, so a simulated Googlebot verifies and
 * a scraper sending Googlebot's user agent from a hosting address does not. A deployment replaces {@link lookupAddress}
 * with real lookups (and a cache).
 */
import type { AddressLookup } from '../../../core/logs/bots.js';

/** A crawler network: an IPv4 /16 prefix, the third-octet range its operator uses, and how its PTR names read. */
export interface CrawlerNetwork {
  /** The catalogue id of the bot (core/logs/bots.ts). */
  bot: string;
  /** First two octets. */
  prefix: string;
  /** Third octets used, inclusive. */
  third: readonly [number, number];
  /** The PTR name of an address. */
  name: (ip: string) => string;
}

/** The crawler networks the demo knows (the operators' published ranges, as their reverse DNS names them). */
export const CRAWLER_NETWORKS: readonly CrawlerNetwork[] = [
  { bot: 'googlebot', prefix: '66.249', third: [64, 95], name: (ip) => `crawl-${ip.replace(/\./g, '-')}.googlebot.com` },
  { bot: 'baiduspider', prefix: '220.181', third: [108, 108], name: (ip) => `baiduspider-${ip.replace(/\./g, '-')}.crawl.baidu.com` },
];

/** The network of an address, if it is in one. */
function networkOf(ip: string): CrawlerNetwork | undefined {
  const parts = ip.split('.');
  if (parts.length !== 4) return undefined;
  const third = Number(parts[2]);
  return CRAWLER_NETWORKS.find((network) => `${parts[0]}.${parts[1]}` === network.prefix && third >= network.third[0] && third <= network.third[1]);
}

/** The reverse-then-forward lookup of an address: its PTR name and whether the name resolves back to it. */
export function lookupAddress(ip: string): AddressLookup {
  const network = networkOf(ip);
  // The table's names are the networks' own, so each resolves forward to the address it was made from.
  return network ? { name: network.name(ip), confirmed: true } : { name: null, confirmed: false };
}

/** An address of a bot's crawler network, chosen by `seed` (the simulator places its crawlers with it). */
export function crawlerAddress(bot: string, seed: number): string | null {
  const network = CRAWLER_NETWORKS.find((candidate) => candidate.bot === bot);
  if (!network) return null;
  const span = network.third[1] - network.third[0] + 1;
  const third = network.third[0] + (seed % span);
  const fourth = 1 + ((seed >>> 8) % 254);
  return `${network.prefix}.${third}.${fourth}`;
}
