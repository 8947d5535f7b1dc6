/**
 * `useDraft`: form state that survives a session expiry, a reload or a failed save (issue "Foundation": no typed
 * input is lost). Every change is written to sessionStorage; the saved draft is restored on mount; `discard()`
 * after a successful save forgets it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { discardDraft, loadDraft, saveDraft } from '../session/drafts.js';

/** What `useDraft` returns besides the value and its setter. */
export interface DraftControls {
  /** True when the initial value came from a saved draft (show "your unsaved changes were restored"). */
  restored: boolean;
  /** Forget the draft, e.g. after a successful save. */
  discard: () => void;
}

/**
 * Form state keyed by `key` (make it specific: element, object id and form, e.g. `dns-record:42:edit`).
 * Pass `enabled: false` for forms that must not be remembered (passwords, private keys).
 */
export function useDraft<T>(key: string, initial: T | (() => T), enabled = true): [T, (next: T | ((previous: T) => T)) => void, DraftControls] {
  const restoredRef = useRef(false);
  const [value, setValue] = useState<T>(() => {
    const saved = enabled ? loadDraft<T>(key) : undefined;
    if (saved !== undefined) {
      restoredRef.current = true;
      return saved;
    }
    return typeof initial === 'function' ? (initial as () => T)() : initial;
  });
  const keyRef = useRef(key);
  keyRef.current = key;
  const dirty = useRef(false);

  const update = useCallback((next: T | ((previous: T) => T)) => {
    dirty.current = true;
    setValue(next);
  }, []);

  const discard = useCallback(() => {
    dirty.current = false;
    restoredRef.current = false;
    discardDraft(keyRef.current);
  }, []);

  useEffect(() => {
    // Only what the user changed is a draft; an untouched form leaves nothing behind.
    if (enabled && dirty.current) saveDraft(key, value);
  }, [enabled, key, value]);

  return [value, update, { restored: restoredRef.current, discard }];
}
