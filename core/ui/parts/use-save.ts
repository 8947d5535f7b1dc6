/**
 * The one way a form or dialog saves (issue 18: "fault handling in every dialog that saves, as one shared pattern").
 * `run(save)` calls the endpoint (with `notify: false`, so nothing else toasts), and on any failure keeps the dialog
 * as it is (open, with everything typed) and gives the catalogue's message to show in it (core/api `saveFailureOf`):
 * HTTP 500, 503, 429, a timeout, an HTML body, malformed JSON, an aborted request and a network failure each get
 * their text, and a validation refusal gives its field issues. Saving again is the retry: the message clears and the
 * call runs once more. A second click while a save runs is ignored, so one save is never sent twice.
 */
import { useCallback, useRef, useState } from 'react';
import { saveFailureOf, type FieldIssue } from '../../api/catalogue.js';
import { useT } from '../element-context.js';

/** What {@link useSave}'s `run` answers: the saved value, or `ok: false` after a failure it now shows. */
export type SaveOutcome<T> = { ok: true; value: T } | { ok: false };

/** The state and action of a saving form. */
export interface SaveState {
  /** A save is running (the confirm button shows its spinner). */
  saving: boolean;
  /** The translated message of the last failure, or '' (shown by `EcDialog`'s `error`, or next to inline forms). */
  error: string;
  /** The fields the server refused on the last save, in the `rules` namespace. */
  issues: FieldIssue[];
  /** Runs a save; never throws. */
  run: <T>(save: () => Promise<T>) => Promise<SaveOutcome<T>>;
  /** Clears the failure (when the user cancels, or changes what the failure was about). */
  reset: () => void;
}

/** The shared save state of a dialog or inline form. */
export function useSave(): SaveState {
  const t = useT('common');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const running = useRef(false);

  const run = useCallback(
    async <T,>(save: () => Promise<T>): Promise<SaveOutcome<T>> => {
      if (running.current) return { ok: false };
      running.current = true;
      setSaving(true);
      setError('');
      setIssues([]);
      try {
        return { ok: true, value: await save() };
      } catch (caught) {
        const failure = saveFailureOf(caught);
        setIssues(failure.issues);
        setError(failure.message === null ? '' : 'text' in failure.message ? failure.message.text : t(failure.message.key, failure.message.values));
        return { ok: false };
      } finally {
        running.current = false;
        setSaving(false);
      }
    },
    [t],
  );
  const reset = useCallback(() => {
    setError('');
    setIssues([]);
  }, []);

  return { saving, error, issues, run, reset };
}
