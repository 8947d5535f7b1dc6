/**
 * Building blocks the feature modules share: emptiness, lengths counted the way users count them, integer ranges,
 * Chinese-text detection and the shell's number input rule.
 */
import { issue, type RuleIssue } from './types.js';

/** True for `null`, `undefined`, or a string of only whitespace. */
export function isBlank(value: string | null | undefined): boolean {
  if (value === null || value === undefined) return true;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    // Space, tab, CR, LF, vertical tab, form feed, no-break space and the ideographic space a Chinese IME types.
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0b && c !== 0x0c && c !== 0xa0 && c !== 0x3000) {
      return false;
    }
  }
  return true;
}

/**
 * Length in characters as a user counts them: a Chinese character or an emoji is one, so an astral character (two
 * UTF-16 code units) counts once. Lengths in the spec ("1-40 characters") are read this way.
 */
export function charLength(value: string): number {
  let count = value.length;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff && i > 0) {
      const previous = value.charCodeAt(i - 1);
      if (previous >= 0xd800 && previous <= 0xdbff) count--;
    }
  }
  return count;
}

/** Length in UTF-8 bytes, for limits the spec states in bytes (WAF rule remark 255 bytes, HTML page 64K). */
export function utf8ByteLength(value: string): number {
  let bytes = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * True when the text holds Chinese: CJK ideographs (unified, extension A, compatibility, and the astral extensions
 * B onwards), CJK symbols and punctuation, and full-width forms, which a Chinese input method produces in place of
 * ASCII punctuation. Used where the spec says "no Chinese" (rules §5 Origin and performance, matching content).
 */
export function containsChinese(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (
      (c >= 0x4e00 && c <= 0x9fff) ||
      (c >= 0x3400 && c <= 0x4dbf) ||
      (c >= 0xf900 && c <= 0xfaff) ||
      (c >= 0x3000 && c <= 0x303f) ||
      (c >= 0xff00 && c <= 0xffef)
    ) {
      return true;
    }
    // High surrogates D840-D8BF start the characters of planes 2 and 3: the CJK extensions B to H.
    if (c >= 0xd840 && c <= 0xd8bf && i + 1 < value.length) return true;
  }
  return false;
}

/** Required text: the message of rules §8 "Please fill in". */
export function validateRequired(value: string | null | undefined): RuleIssue | null {
  return isBlank(value) ? issue('common.required') : null;
}

/** Inclusive bounds for a length or a number. */
export interface Bounds {
  /** Smallest accepted value. */
  min: number;
  /** Largest accepted value. */
  max: number;
}

/**
 * Character-length check on trimmed text, answering `common.length-range` (or `common.too-long` when the minimum is
 * 0 or 1, where "1-40" reads better to a user as "at most 40" once the field is filled).
 */
export function validateLength(value: string, bounds: Bounds): RuleIssue | null {
  const length = charLength(value.trim());
  if (length > bounds.max) {
    return bounds.min <= 1 ? issue('common.too-long', { max: bounds.max }) : issue('common.length-range', { ...bounds });
  }
  if (length < bounds.min) return issue('common.length-range', { ...bounds });
  return null;
}

/**
 * Reads an integer typed into a form: digits only (an optional leading minus), no exponent, no decimals, no
 * surrounding text. Numbers pass through when they are safe integers. Anything else is `null`.
 */
export function parseInteger(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (text.length === 0 || text.length > 16) return null;
  let i = text.charCodeAt(0) === 0x2d ? 1 : 0;
  if (i === text.length) return null;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return null;
  }
  const parsed = Number(text);
  return Number.isSafeInteger(parsed) ? parsed : null;
}

/**
 * An integer within inclusive bounds. The message key defaults to the generic range message; feature modules pass
 * their own where the spec names the field (for example `dns.mx-priority-range`).
 */
export function validateIntegerRange(
  value: string | number | null | undefined,
  bounds: Bounds,
  key: Parameters<typeof issue>[0] = 'common.integer-range',
): RuleIssue | null {
  const parsed = parseInteger(value);
  if (parsed === null || parsed < bounds.min || parsed > bounds.max) return issue(key, { min: bounds.min, max: bounds.max });
  return null;
}

/**
 * The shell's number formatter (shell §5: "non-numeric input yields 0"): a finite number from the text, or 0 when the
 * text is not a number at all.
 */
export function numberOrZero(value: string | number | null | undefined): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (value === null || value === undefined || isBlank(value)) return 0;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) ? parsed : 0;
}
