/**
 * What the HTTPS and URI rewrite tabs add to the labelled fields (core/ui/parts/labelled-fields.tsx): a number kept as
 * typed, and the hook that joins a group's browser-side issues with the server's.
 */
import { useCallback, useState } from 'react';
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import { parseInteger } from '../../../../core/rules/common.js';
import { useT } from '../../../../core/ui/element-context.js';

/** A number as typed: the number when it is one, otherwise the text, so the range rule can name what is wrong. */
export function typedNumber(text: string): number {
  return (parseInteger(text) ?? text) as number;
}

/**
 * A group's messages by field: the shared rules' issues once the user tried to save (then live as they type), and
 * the server's issues of the last save.
 */
export function useFieldMessages(local: () => FieldIssue[], server: FieldIssue[]) {
  const tRules = useT('rules');
  const [checked, setChecked] = useState(false);
  const issues = checked ? [...local(), ...server] : server;
  const message = (field: string): string | null => {
    const found = issues.find((entry) => entry.field === field);
    return found ? tRules(found.key, found.values ?? {}) : null;
  };
  const check = useCallback(() => {
    setChecked(true);
    return local().length === 0;
  }, [local]);
  return { message, check };
}
