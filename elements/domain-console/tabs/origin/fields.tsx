/**
 * What the origin tab adds to the labelled fields (core/ui/parts/labelled-fields.tsx): a number typed as text (kept as
 * typed until it parses, so a failed check never loses it), the messages of a group's fields, a switch's value.
 */
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import type { SwitchValue } from '../../../../core/api/endpoints/websites.js';
import { parseInteger } from '../../../../core/rules/common.js';
import type { useT } from '../../../../core/ui/element-context.js';

/** Text typed into a number field: a number once it parses, the text itself until then. */
export function typedNumber(text: string): number | string {
  return parseInteger(text) ?? text;
}

/** The translated message of a field among issues, or null (`tRules` is the `rules` catalogue's translator). */
export function messageFrom(tRules: ReturnType<typeof useT>, issues: readonly FieldIssue[]): (field: string) => string | null {
  return (field) => {
    const found = issues.find((entry) => entry.field === field);
    return found ? tRules(found.key, found.values ?? {}) : null;
  };
}

/** A switch's value from the labelled switch's on/off. */
export function switchTo(on: boolean): SwitchValue {
  return on ? 'on' : 'off';
}
