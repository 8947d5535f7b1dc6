/**
 * Comparisons of single values the matcher and the shadowing analysis share: IP addresses against CIDR blocks,
 * domains against wildcard domains, regions against the IP region tree.
 */
import { parseCidr, parseIPv4, parseIPv6 } from '../rules/ip.js';

/** An address or block as a family, 128-bit value (IPv4 in the low bits) and prefix length. */
interface Block {
  version: 4 | 6;
  value: bigint;
  prefix: number;
}

function addressValue(text: string): { version: 4 | 6; value: bigint } | null {
  const v4 = parseIPv4(text);
  if (v4 !== null) return { version: 4, value: BigInt(v4) };
  const v6 = parseIPv6(text);
  if (v6 === null) return null;
  return { version: 6, value: v6.reduce((total, group) => (total << 16n) | BigInt(group), 0n) };
}

const blocks = new Map<string, Block | null>();
const BLOCK_CACHE_LIMIT = 5000;

/**
 * Reads an address (a full-length block) or a CIDR block; `null` when it is neither. Results are kept: the shadowing
 * analysis compares the same targets pair after pair.
 */
export function parseBlock(text: string): Block | null {
  let block = blocks.get(text);
  if (block === undefined) {
    block = readBlock(text);
    if (blocks.size >= BLOCK_CACHE_LIMIT) blocks.delete(blocks.keys().next().value as string);
    blocks.set(text, block);
  }
  return block;
}

function readBlock(text: string): Block | null {
  const trimmed = text.trim();
  if (trimmed.includes('/')) {
    const cidr = parseCidr(trimmed);
    if (cidr === null) return null;
    const address = addressValue(cidr.address);
    return address === null ? null : { ...address, prefix: cidr.prefix };
  }
  const address = addressValue(trimmed);
  return address === null ? null : { ...address, prefix: address.version === 4 ? 32 : 128 };
}

function bits(version: 4 | 6): number {
  return version === 4 ? 32 : 128;
}

/** True when every address of `inner` lies in `outer` (same family, host bits beyond the prefix ignored). */
export function blockWithin(inner: Block, outer: Block): boolean {
  if (inner.version !== outer.version || inner.prefix < outer.prefix) return false;
  const shift = BigInt(bits(outer.version) - outer.prefix);
  return inner.value >> shift === outer.value >> shift;
}

/** True when the two blocks share no address. */
export function blocksDisjoint(a: Block, b: Block): boolean {
  return a.version !== b.version || (!blockWithin(a, b) && !blockWithin(b, a));
}

/** True when the address lies in the block or equals the address (`null` when either does not parse). */
export function ipInBlock(ip: string, block: string): boolean | null {
  const address = parseBlock(ip);
  const range = parseBlock(block);
  if (address === null || range === null) return null;
  return blockWithin(address, range);
}

/**
 * A domain against a target: equal, or under a wildcard target (`*.example.com` covers every name ending in
 * `.example.com`, at any depth, as a DNS wildcard does). Both lower case.
 */
export function domainMatches(domain: string, target: string): boolean {
  if (target.startsWith('*.')) return domain.endsWith(target.slice(1)) && domain.length > target.length - 1;
  return domain === target;
}

/** A node of the IP region tree (the shape of `V4/share_data.region` ipRegions). */
export interface RegionNode {
  key: string;
  child?: readonly RegionNode[];
}

const paths = new WeakMap<readonly RegionNode[], Map<string, string[]>>();

function searchPath(key: string, tree: readonly RegionNode[]): string[] {
  for (const node of tree) {
    if (node.key === key) return [key];
    const below = node.child ? searchPath(key, node.child) : [];
    if (below.length > 0) return [node.key, ...below];
  }
  return [];
}

/** The keys from the root down to `key` (inclusive); empty when the tree does not hold it. Kept per tree. */
export function regionPath(key: string, tree: readonly RegionNode[]): string[] {
  let known = paths.get(tree);
  if (!known) {
    known = new Map();
    paths.set(tree, known);
  }
  let path = known.get(key);
  if (!path) {
    path = searchPath(key, tree);
    known.set(key, path);
  }
  return path;
}

/** Mainland China's group in the tree: a request known only as country `CN` is somewhere in it. */
const MAINLAND = 'CNPR';

/**
 * A request's region against a target region key: `match` when the target is the region or one of its ancestors,
 * `unknown` when the target is more precise than what the request says (a province of a country whose province is
 * not known), `no-match` otherwise. Without a tree only equal keys match.
 */
export function regionMatches(region: string, target: string, tree: readonly RegionNode[]): 'match' | 'no-match' | 'unknown' {
  if (region === target) return 'match';
  // A request in country CN without a province is in mainland China (Hong Kong, Macao and Taiwan have their own codes).
  const path = region === 'CN' && tree.length > 0 ? [...regionPath(MAINLAND, tree)] : regionPath(region, tree);
  if (path.includes(target)) return 'match';
  const targetPath = regionPath(target, tree);
  const known = path[path.length - 1];
  return known !== undefined && targetPath.includes(known) ? 'unknown' : 'no-match';
}
