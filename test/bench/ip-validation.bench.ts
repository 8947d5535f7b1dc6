// IP/CIDR validation speed (issue "validation catalogue", rules §5 Bans, IP lists: batch unlock takes 100,000 lines
// from a file, an IP list 200,000): on the same 200,000 mixed lines, `split('\n')` alone, our validator (split and
// check each line), the full batch preview (trim, check, duplicates, per-line results) for context, and ipaddr.js
// (isValid / isValidCIDR, a dev dependency for comparison only). Targets: ours within 3x of split, at least 3x
// faster than ipaddr.js. Medians of several runs, after warm-up.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import ipaddr from 'ipaddr.js';
import { validateBatch } from '../../core/rules/batch.js';
import { ipIdentity, isIpOrCidr, validateIpOrCidr } from '../../core/rules/ip.js';

const LINES = 200_000;
const WARM_UP = 3;
const RUNS = 15;

/** A small deterministic generator (mulberry32), so every run measures the same lines. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 200,000 lines: IPv4, IPv6 in several spellings, CIDR blocks, junk and repeats of earlier lines. */
export function buildLines(): string {
  const next = random(20241219);
  const int = (max: number) => Math.floor(next() * max);
  const hex = () => int(0x10000).toString(16);
  const v4 = () => `${int(256)}.${int(256)}.${int(256)}.${int(256)}`;
  const v6 = () => {
    switch (int(4)) {
      case 0:
        return Array.from({ length: 8 }, hex).join(':');
      case 1:
        return `2001:db8:${hex()}::${hex()}`;
      case 2:
        return `::ffff:${v4()}`;
      default:
        return `fe80::${hex()}:${hex()}`;
    }
  };
  const junk = ['example.com', '256.1.1.1', '1.2.3', '01.2.3.4', '1.2.3.4/33', '::g', '2001:db8::1%eth0', 'hello world', '1.2.3.4 5', ':::'];
  const lines: string[] = [];
  for (let i = 0; i < LINES; i++) {
    const pick = next();
    if (pick < 0.4) lines.push(v4());
    else if (pick < 0.6) lines.push(v6());
    else if (pick < 0.75) lines.push(int(2) === 0 ? `${v4()}/${int(33)}` : `${v6()}/${int(129)}`);
    else if (pick < 0.9) lines.push(junk[int(junk.length)]!);
    else lines.push(lines.length > 0 ? lines[int(lines.length)]! : v4());
  }
  return lines.join('\n');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** One measured contender: its name, what its result counts, and the work. */
interface Contender {
  name: string;
  unit: string;
  work: () => number;
}

/**
 * Times the contenders round-robin (each run times every contender once, in turn), so garbage collection of the
 * 200,000 split strings and any load on the machine fall on all of them alike; medians after warm-up.
 */
function measure(contenders: readonly Contender[]): Array<{ ms: number; result: number }> {
  const times = contenders.map(() => [] as number[]);
  const results = contenders.map(() => 0);
  for (let round = 0; round < WARM_UP + RUNS; round++) {
    contenders.forEach((contender, index) => {
      const started = performance.now();
      results[index] = contender.work();
      if (round >= WARM_UP) times[index]!.push(performance.now() - started);
    });
  }
  return contenders.map((_, index) => ({ ms: median(times[index]!), result: results[index]! }));
}

/** Prints the comparison table and whether the targets hold. */
export async function run(): Promise<void> {
  const text = buildLines();
  const contenders: Contender[] = [
    { name: "split('\\n') alone", unit: 'lines', work: () => text.split('\n').length },
    {
      name: 'ours: split + isIpOrCidr',
      unit: 'valid',
      work: () => {
        let valid = 0;
        for (const line of text.split('\n')) if (isIpOrCidr(line)) valid++;
        return valid;
      },
    },
    {
      name: 'ipaddr.js: split + isValid/isValidCIDR',
      unit: 'valid',
      work: () => {
        let valid = 0;
        for (const line of text.split('\n')) if (line.includes('/') ? ipaddr.isValidCIDR(line) : ipaddr.isValid(line)) valid++;
        return valid;
      },
    },
    {
      name: 'ours: batch preview (trim, dups, results)',
      unit: 'valid, first occurrences',
      work: () => validateBatch(text, { rule: validateIpOrCidr, identity: (entry) => ipIdentity(entry) ?? entry }).summary.valid,
    },
  ];
  const figures = measure(contenders);
  const [split, ours, reference] = [figures[0]!, figures[1]!, figures[2]!];
  console.log(`IP/CIDR validation, ${LINES.toLocaleString('en')} mixed lines, median of ${RUNS} round-robin runs after ${WARM_UP} warm-up (Node ${process.version}):`);
  console.log(`  ${'what'.padEnd(44)}${'ms'.padStart(9)}${'x split'.padStart(9)}   result`);
  contenders.forEach((contender, index) => {
    const figure = figures[index]!;
    console.log(`  ${contender.name.padEnd(44)}${figure.ms.toFixed(1).padStart(9)}${(figure.ms / split.ms).toFixed(2).padStart(9)}   ${figure.result.toLocaleString('en')} ${contender.unit}`);
  });
  const withinSplit = ours.ms <= split.ms * 3;
  const fasterThanReference = reference.ms >= ours.ms * 3;
  console.log(`  ours vs split: ${(ours.ms / split.ms).toFixed(2)}x, target within 3x: ${withinSplit ? 'met' : 'MISSED'}`);
  console.log(`  ipaddr.js vs ours: ${(reference.ms / ours.ms).toFixed(2)}x slower, target at least 3x: ${fasterThanReference ? 'met' : 'MISSED'}`);
  console.log('  (ipaddr.js also accepts forms we refuse on purpose: leading zeros, hex and octal parts, zone ids; hence the counts differ)');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
