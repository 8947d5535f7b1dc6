/**
 * The simulator's own seeded randomness. `Math.random` cannot be seeded, and the simulator must produce the same
 * lines for the same seed, configuration and start time (issue 24 "simulator determinism with a seed"), so every
 * choice it makes draws from one of these generators.
 */

/** A 32-bit hash of numbers and strings (FNV-1a over the parts, then a murmur3 finaliser to spread the bits). */
export function hash32(...parts: readonly (number | string)[]): number {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    const text = typeof part === 'number' ? String(part) : part;
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
    // A separator, so ('ab', 'c') and ('a', 'bc') differ.
    hash ^= 0xff;
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** A seeded generator. */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** An integer in [min, max]. */
  between(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `length` lower-case hex digits. */
  hex(length: number): string;
}

/** A generator (mulberry32: 32 bits of state, fast, good enough for traffic that only has to look plausible). */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  return {
    next,
    int,
    between: (min, max) => min + int(max - min + 1),
    chance: (p) => next() < p,
    pick: (items) => items[int(items.length)]!,
    hex(length) {
      let text = '';
      while (text.length < length) text += ((next() * 4294967296) >>> 0).toString(16).padStart(8, '0');
      return text.slice(0, length);
    },
  };
}

/**
 * Draws indexes with given weights in O(log n): the cumulative weights are computed once. Zipf-like popularity
 * (a few URLs and visitors take most requests, as on real sites) is one use.
 */
export class WeightedChoice {
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(weights: readonly number[]) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    weights.forEach((weight, index) => {
      sum += Math.max(0, weight);
      this.cumulative[index] = sum;
    });
    this.total = sum;
  }

  /** The number of choices. */
  get size(): number {
    return this.cumulative.length;
  }

  /** An index, drawn by weight. */
  draw(random: Random): number {
    const target = random.next() * this.total;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.cumulative[middle]! > target) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}

/** Zipf weights 1/(rank+1)^s for `count` ranks. */
export function zipfWeights(count: number, exponent = 1.05): number[] {
  return Array.from({ length: count }, (_, rank) => 1 / (rank + 1) ** exponent);
}
