/**
 * A batch preview packed into typed arrays, so a Web Worker can hand 100,000 checked lines to the page without the
 * page paying for them (rules §5 Bans: batch unlock from a 100,000-line txt file). A {@link BatchResult} is one
 * object per line: copying 100,000 of them into the page costs one main-thread task of about 90 ms in Chromium, over
 * the 50 ms a task may take. Packed, the per-line facts are four ArrayBuffers that are transferred (moved, not
 * copied), and the line texts stay where they already are, in the text the page sent: the page reads only the lines
 * it shows or submits, by their offsets.
 */
import type { BatchLineStatus, BatchResult, BatchSummary } from './batch.js';
import type { RuleIssue } from './types.js';

/** Status codes in {@link PackedBatchResult.statuses}. */
export const PACKED_STATUS = { blank: 0, valid: 1, invalid: 2, duplicate: 3 } as const;
/**
 * The value of {@link PackedBatchResult.issueRefs} for a line without an issue. References are 32-bit: an issue that
 * carries the line's own value (a CIDR's network form, rules §5) can differ on every line, so a 100,000-line file can
 * hold more than 65,535 distinct issues.
 */
export const NO_ISSUE = 0xffffffff;

const STATUS_CODES: Record<BatchLineStatus, number> = { valid: PACKED_STATUS.valid, invalid: PACKED_STATUS.invalid, duplicate: PACKED_STATUS.duplicate };
const STATUS_NAMES: readonly (BatchLineStatus | 'blank')[] = ['blank', 'valid', 'invalid', 'duplicate'];

/** A checked batch, one slot per raw line of the text that was checked. */
export interface PackedBatchResult {
  /** Raw lines of the text (blank ones included), as `text.split('\n')` counts them. */
  lineCount: number;
  /** Where each raw line starts in the text; one more slot holds `text.length + 1`, so line `i` ends at `lineStarts[i + 1] - 1`. */
  lineStarts: Uint32Array;
  /** {@link PACKED_STATUS} code of each raw line. */
  statuses: Uint8Array;
  /** Index into {@link issues} of each raw line's issue, or {@link NO_ISSUE}. */
  issueRefs: Uint32Array;
  /** The distinct issues the lines have (usually a handful; one per line when an issue names the line's value). */
  issues: RuleIssue[];
  /** Raw line indexes of the valid entries, in order: what a submission sends. */
  entryLines: Uint32Array;
  summary: BatchSummary;
  /** The batch-level issue (empty, over the limit), as in {@link BatchResult}. */
  issue: RuleIssue | null;
}

/** Start offsets of every raw line of `text` (split on `\n`), with the end sentinel. */
export function lineStartsOf(text: string): Uint32Array {
  if (text.length === 0) return Uint32Array.of(1);
  let count = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  const starts = new Uint32Array(count + 1);
  let line = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts[line++] = at + 1;
  starts[count] = text.length + 1;
  return starts;
}

/** Packs the result of checking `text` (its `lines` carry 1-based raw line numbers, as `batch.ts` writes them). */
export function packBatchResult(text: string, result: BatchResult): PackedBatchResult {
  const lineStarts = lineStartsOf(text);
  const lineCount = lineStarts.length - 1;
  const statuses = new Uint8Array(lineCount);
  const issueRefs = new Uint32Array(lineCount).fill(NO_ISSUE);
  const entryLines = new Uint32Array(result.summary.valid);
  const issues: RuleIssue[] = [];
  const issueIndex = new Map<string, number>();
  let entry = 0;
  for (const line of result.lines) {
    const index = line.line - 1;
    statuses[index] = STATUS_CODES[line.status];
    if (line.status === 'valid') entryLines[entry++] = index;
    if (line.issue) {
      const key = line.issue.values === undefined ? line.issue.key : `${line.issue.key}\u0000${JSON.stringify(line.issue.values)}`;
      let ref = issueIndex.get(key);
      if (ref === undefined) {
        ref = issues.length;
        issues.push(line.issue);
        issueIndex.set(key, ref);
      }
      issueRefs[index] = ref;
    }
  }
  return { lineCount, lineStarts, statuses, issueRefs, issues, entryLines, summary: result.summary, issue: result.issue };
}

/** The buffers of a packed result, to transfer with `postMessage`. */
export function packedTransfer(packed: PackedBatchResult): ArrayBuffer[] {
  return [packed.lineStarts.buffer, packed.statuses.buffer, packed.issueRefs.buffer, packed.entryLines.buffer] as ArrayBuffer[];
}

/** Raw line `index` of `text`, trimmed as the checker trimmed it. */
export function packedLineText(text: string, packed: PackedBatchResult, index: number): string {
  return text.slice(packed.lineStarts[index]!, packed.lineStarts[index + 1]! - 1).trim();
}

/** The status of raw line `index`. */
export function packedLineStatus(packed: PackedBatchResult, index: number): BatchLineStatus | 'blank' {
  return STATUS_NAMES[packed.statuses[index]!]!;
}

/** The issue of raw line `index`, or undefined. */
export function packedLineIssue(packed: PackedBatchResult, index: number): RuleIssue | undefined {
  const ref = packed.issueRefs[index]!;
  return ref === NO_ISSUE ? undefined : packed.issues[ref];
}

/** The valid entries `[from, to)` (in entry order) as text: one submission chunk. */
export function packedEntries(text: string, packed: PackedBatchResult, from: number, to: number): string[] {
  const stop = Math.min(to, packed.entryLines.length);
  const entries: string[] = [];
  for (let k = from; k < stop; k++) entries.push(packedLineText(text, packed, packed.entryLines[k]!));
  return entries;
}

/** Raw line indexes whose status is one of `statuses` (every non-blank line when omitted), for a filtered, paged preview. */
export function packedLineIndexes(packed: PackedBatchResult, statuses?: readonly BatchLineStatus[]): Uint32Array {
  const wanted = new Uint8Array(4);
  for (const status of statuses ?? (['valid', 'invalid', 'duplicate'] as const)) wanted[STATUS_CODES[status]] = 1;
  let count = 0;
  for (let i = 0; i < packed.lineCount; i++) if (wanted[packed.statuses[i]!]) count++;
  const indexes = new Uint32Array(count);
  let k = 0;
  for (let i = 0; i < packed.lineCount; i++) if (wanted[packed.statuses[i]!]) indexes[k++] = i;
  return indexes;
}
