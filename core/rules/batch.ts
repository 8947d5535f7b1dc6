/**
 * Batch text helpers for import previews: typed text or a file's content becomes one entry per line, each checked by
 * a line rule, duplicates marked, count limits enforced (rules §5 DNS "one per line, at most 100 lines"; Websites "at
 * most 500 domains per submission, no duplicates"; Bans "at most 2000 IPs typed, 100000 from a txt file"; Purge
 * "duplicates ignored").
 *
 * The work is chunkable: {@link startBatch} splits once, {@link processBatchRange} checks a slice of lines, and
 * {@link finishBatch} adds up the result, so a Web Worker or an idle callback on the main thread can run 100,000
 * lines in slices and report progress. {@link validateBatch} does it all in one call.
 */
import { issue, type RuleIssue, type RuleKey } from './types.js';

/** The outcome of one line: valid, invalid (with its issue), or a later repeat of an earlier line. */
export type BatchLineStatus = 'valid' | 'invalid' | 'duplicate';

/** One checked line. */
export interface BatchLine {
  /** 1-based line number in the original text, counting blank lines, so it matches the user's editor. */
  line: number;
  /** The line, trimmed. */
  text: string;
  /** Valid, invalid or duplicate: the first occurrence keeps its own status, later ones are `duplicate`. */
  status: BatchLineStatus;
  /** Why the line is invalid or a duplicate. */
  issue?: RuleIssue;
}

/** Counts over the checked lines. */
export interface BatchSummary {
  /** Non-blank lines. */
  total: number;
  /** Lines accepted (first occurrences). */
  valid: number;
  /** Lines refused by the rule or past the count limit (blank lines too, when reported). */
  invalid: number;
  /** Repeats of an earlier line. */
  duplicate: number;
  /** Blank lines, reported or skipped. */
  blank: number;
}

/** The whole preview. */
export interface BatchResult {
  /** Each checked line, in order. */
  lines: BatchLine[];
  /** Counts. */
  summary: BatchSummary;
  /** The valid entries, in order, ready to submit. */
  entries: string[];
  /** A problem with the batch as a whole: empty input, or more entries than the limit. `null` otherwise. */
  issue: RuleIssue | null;
}

/** A count limit and the message shown when it is passed. */
export interface BatchLimit {
  /** Most distinct entries accepted at once. */
  max: number;
  /** The message for the batch as a whole (interpolates `max` and `count`), e.g. `dns.more-than-100-lines`. */
  key: RuleKey;
}

/** How to check the lines. */
export interface BatchOptions {
  /** The rule each non-blank line must pass. */
  rule: (text: string) => RuleIssue | null;
  /**
   * The identity used to find duplicates among valid lines (default: the text itself), e.g. the canonical IP so that
   * `2001:DB8::1` repeats `2001:db8::1`.
   */
  identity?: (text: string) => string;
  /** Count limit; entries past it are refused line by line and the batch gets the limit's message. */
  limit?: BatchLimit;
  /** Blank lines are skipped (default) or reported as invalid lines. */
  blankLines?: 'skip' | 'report';
}

/** A batch in progress: created by {@link startBatch}, advanced by {@link processBatchRange}. */
export interface BatchRun {
  /** The raw lines. */
  readonly rawLines: readonly string[];
  /** How many raw lines have been checked so far; the next slice starts here. */
  processed: number;
  readonly options: BatchOptions;
  readonly lines: BatchLine[];
  readonly entries: string[];
  readonly seen: Set<string>;
  readonly summary: BatchSummary;
  /** Distinct non-blank lines met so far, the number the limit applies to. */
  distinct: number;
}

/** True for the blank characters a line is trimmed of at the end of a text: space, tab, CR, LF. */
function isTrailingBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 13 || code === 10;
}

/**
 * Splits text into lines on `\n` (so `\r\n` files work once lines are trimmed). A byte order mark at the start is
 * removed with the trimming too. Blank lines at the end (the final newline every editor writes, or a few more) are not
 * rows: they are neither counted nor reported, so a file ending in a newline has as many rows as it has entries. Blank
 * lines between entries still count, with their line numbers.
 */
export function splitLines(text: string): string[] {
  let end = text.length;
  while (end > 0 && isTrailingBlank(text.charCodeAt(end - 1))) end--;
  return end === 0 ? [] : text.slice(0, end).split('\n');
}

/**
 * Starts a batch: splits the text once. A list of values (rows of a form rather than lines of text) is taken as the
 * lines themselves.
 */
export function startBatch(input: string | readonly string[], options: BatchOptions): BatchRun {
  return {
    rawLines: typeof input === 'string' ? splitLines(input) : input,
    processed: 0,
    options,
    lines: [],
    entries: [],
    seen: new Set<string>(),
    summary: { total: 0, valid: 0, invalid: 0, duplicate: 0, blank: 0 },
    distinct: 0,
  };
}

/**
 * Checks raw lines `[start, end)`. Slices must come in order, each starting where the last one ended, because a
 * duplicate is only known once every earlier line has been seen.
 */
export function processBatchRange(run: BatchRun, start: number, end: number): void {
  if (start !== run.processed) throw new RangeError(`batch slices must be contiguous: expected ${run.processed}, got ${start}`);
  const stop = Math.min(end, run.rawLines.length);
  const { rule, identity, limit, blankLines } = run.options;
  const { lines, entries, seen, summary } = run;
  for (let index = start; index < stop; index++) {
    const text = run.rawLines[index]!.trim();
    const line = index + 1;
    if (text.length === 0) {
      summary.blank++;
      if (blankLines === 'report') {
        summary.invalid++;
        lines.push({ line, text, status: 'invalid', issue: issue('batch.blank-line') });
      }
      continue;
    }
    summary.total++;
    const found = rule(text);
    const key = found === null && identity ? identity(text) : text;
    if (seen.has(key)) {
      summary.duplicate++;
      lines.push({ line, text, status: 'duplicate', issue: issue('batch.duplicate') });
      continue;
    }
    seen.add(key);
    run.distinct++;
    if (limit && run.distinct > limit.max) {
      summary.invalid++;
      lines.push({ line, text, status: 'invalid', issue: issue('batch.beyond-limit', { max: limit.max }) });
    } else if (found !== null) {
      summary.invalid++;
      lines.push({ line, text, status: 'invalid', issue: found });
    } else {
      summary.valid++;
      entries.push(text);
      lines.push({ line, text, status: 'valid' });
    }
  }
  run.processed = stop;
}

/** True once every raw line has been checked. */
export function isBatchDone(run: BatchRun): boolean {
  return run.processed >= run.rawLines.length;
}

/** Adds up a batch whose lines have all been checked. */
export function finishBatch(run: BatchRun): BatchResult {
  if (!isBatchDone(run)) throw new RangeError('finishBatch called before every line was checked');
  let found: RuleIssue | null = null;
  if (run.summary.total === 0) found = issue('batch.empty');
  else if (run.options.limit && run.distinct > run.options.limit.max) {
    found = issue(run.options.limit.key, { max: run.options.limit.max, count: run.distinct });
  }
  return { lines: run.lines, summary: run.summary, entries: run.entries, issue: found };
}

/** Checks a whole text (or list of values) in one call. */
export function validateBatch(input: string | readonly string[], options: BatchOptions): BatchResult {
  const run = startBatch(input, options);
  processBatchRange(run, 0, run.rawLines.length);
  return finishBatch(run);
}
