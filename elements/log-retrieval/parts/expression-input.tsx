/**
 * The advanced search input of `<ec-log-retrieval>` (rules §2 "advanced search"): the expression language of
 * core/logs/expression.ts with
 * - an inline syntax error under the input (the message, and a caret line under the wrong part), checked as the user
 *   types (debounced), on submit, and when the server refuses the expression (the same issue, positioned);
 * - autocomplete as an ARIA combobox (WAI-ARIA APG "combobox with list autocomplete"): fields, operators, keywords and
 *   values; for text and IP fields the most frequent values come from the server (debounced). Arrows move, Enter or
 *   Tab accept, Esc closes; Enter with the list closed searches;
 * - a short help panel documenting the language.
 */
import { expressionString } from '../../../core/logs/expression-string.js';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { completeLogExpression, parseLogExpression } from '../../../core/logs/expression.js';
import { logField, type LogType } from '../../../core/logs/fields.js';
import { useT } from '../../../core/ui/element-context.js';
import type { ExpressionIssue } from '../store.js';

/** Typing pause before the inline check runs. */
export const EXPRESSION_CHECK_DELAY_MS = 300;
/** Typing pause before the server is asked for the values of a field. */
export const VALUE_FETCH_DELAY_MS = 250;
/** Suggestions shown at once. */
const MAX_OPTIONS = 50;

type CompletionKind = 'field' | 'operator' | 'value' | 'keyword';

interface Suggestions {
  from: number;
  to: number;
  kind: CompletionKind;
  field?: string;
  options: string[];
}

/** Props of {@link ExpressionInput}. */
export interface ExpressionInputProps {
  logType: LogType;
  value: string;
  /** The syntax error to show, from typing, submit or the server. */
  issue: ExpressionIssue | null;
  onChange: (text: string) => void;
  /** The typing check's finding; null when the text parses. */
  onIssue: (issue: ExpressionIssue | null) => void;
  /** Enter with the list closed. */
  onSubmit: () => void;
  /** The most frequent values of a field starting with `prefix` (already without quotes). */
  fetchValues: (field: string, prefix: string) => Promise<string[]>;
}

/** A value as the language writes it: numbers bare, everything else in double quotes. */
function quoted(type: LogType, field: string | undefined, option: string): string {
  if (option.startsWith('"')) return option;
  const kind = field ? logField(type, field)?.kind : undefined;
  if (kind === 'number') return option;
  return expressionString(option);
}

/** What the user typed of the token being completed, without an opening quote. */
function typedPart(text: string, from: number, cursor: number): string {
  return text.slice(from, cursor).replace(/^"/, '');
}

/** The input, its suggestions, its inline error and the help toggle; `part="expression"`. */
export function ExpressionInput({ logType, value, issue, onChange, onIssue, onSubmit, fetchValues }: ExpressionInputProps) {
  const t = useT();
  const tRules = useT('rules');
  const ids = { input: useId(), list: useId(), error: useId(), help: useId(), hint: useId() };
  const input = useRef<HTMLInputElement>(null);
  const helpButton = useRef<HTMLButtonElement>(null);
  const [suggestions, setSuggestions] = useState<Suggestions | null>(null);
  const [active, setActive] = useState(-1);
  const [helpOpen, setHelpOpen] = useState(false);
  const pendingCursor = useRef<number | null>(null);
  const fetchSequence = useRef(0);
  const latest = useRef({ logType, onIssue, fetchValues });
  latest.current = { logType, onIssue, fetchValues };

  const open = suggestions !== null && suggestions.options.length > 0;
  const options = open ? suggestions.options.slice(0, MAX_OPTIONS) : [];

  /** Asks the language for suggestions at the cursor; text and IP values also come from the server. */
  function suggest(text: string, cursor: number): void {
    const found = completeLogExpression(text, cursor, logType);
    fetchSequence.current++;
    if (!found) {
      setSuggestions(null);
      setActive(-1);
      return;
    }
    const typed = typedPart(text, found.from, cursor).toLowerCase();
    const local = found.options.filter((option) => option.replace(/^"/, '').toLowerCase().startsWith(typed));
    setSuggestions({ ...found, options: local });
    // No suggestion is chosen until the arrows choose one (APG list autocomplete without automatic selection), so
    // Enter after a complete expression searches rather than taking a keyword.
    setActive(-1);
    const kind = found.field ? logField(logType, found.field)?.kind : undefined;
    if (found.kind === 'value' && found.field && (kind === 'text' || kind === 'ip')) {
      const sequence = fetchSequence.current;
      const field = found.field;
      window.setTimeout(() => {
        if (sequence !== fetchSequence.current) return;
        latest.current.fetchValues(field, typedPart(text, found.from, cursor)).then(
          (values) => {
            if (sequence !== fetchSequence.current) return;
            const merged = [...local, ...values.map((item) => quoted(logType, field, item)).filter((item) => !local.includes(item))];
            setSuggestions({ ...found, options: merged });
          },
          // Values are a convenience: without them the user types the value.
          () => undefined,
        );
      }, VALUE_FETCH_DELAY_MS);
    }
  }

  function close(): void {
    fetchSequence.current++;
    setSuggestions(null);
    setActive(-1);
  }

  function accept(index: number): void {
    if (!suggestions) return;
    const option = suggestions.options[index];
    if (option === undefined) return;
    const inserted = suggestions.kind === 'value' ? quoted(logType, suggestions.field, option) : option;
    const before = value.slice(0, suggestions.from);
    const after = value.slice(suggestions.to);
    const spacer = after.startsWith(' ') ? '' : ' ';
    const next = `${before}${inserted}${spacer}${after}`;
    pendingCursor.current = before.length + inserted.length + spacer.length;
    onChange(next);
    close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        const cursor = input.current?.selectionStart ?? value.length;
        suggest(value, cursor);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current < 0 ? (step > 0 ? 0 : options.length - 1) : (current + step + options.length) % options.length));
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      accept(active);
    } else if (event.key === 'Tab' && open && !event.shiftKey) {
      // Tab takes the chosen suggestion, or the first: the quick way to finish a field name.
      event.preventDefault();
      accept(Math.max(active, 0));
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      close();
      onSubmit();
    } else if (event.key === ' ' && event.ctrlKey) {
      event.preventDefault();
      suggest(value, input.current?.selectionStart ?? value.length);
    }
  }

  // The inline check, once the user pauses typing.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const { logType: type, onIssue: report } = latest.current;
      const parsed = value.trim() ? parseLogExpression(value, type) : null;
      report(parsed && !parsed.ok ? parsed.issue : null);
    }, EXPRESSION_CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [value, logType]);

  // After accepting a suggestion the cursor goes after what was inserted.
  useEffect(() => {
    const at = pendingCursor.current;
    if (at === null || !input.current) return;
    pendingCursor.current = null;
    input.current.focus();
    input.current.setSelectionRange(at, at);
  }, [value]);

  // The active option stays in view while the arrows move through a long list.
  useEffect(() => {
    if (active < 0 || !input.current) return;
    const root = input.current.getRootNode() as ShadowRoot | Document;
    root.getElementById(`${ids.list}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, ids.list]);

  const issueMessage = issue ? tRules(issue.key, issue.values ?? {}) : '';
  const position = issue ? Math.min(Math.max(issue.position, 0), value.length) : 0;
  const marked = issue ? Math.max(1, Math.min(issue.length, Math.max(1, value.length - position))) : 0;
  const kindLabel: Record<CompletionKind, string> = {
    field: t('expression.kind.field'),
    operator: t('expression.kind.operator'),
    value: t('expression.kind.value'),
    keyword: t('expression.kind.keyword'),
  };

  return (
    <div className="ec-stack ec-expression" part="expression">
      <div className="ec-filter ec-expression-field">
        <label htmlFor={ids.input}>{t('expression.label')}</label>
        <div className="ec-row ec-expression-row">
          <div className="ec-expression-box">
            <InputText
              ref={input}
              id={ids.input}
              value={value}
              role="combobox"
              autoComplete="off"
              spellCheck={false}
              aria-autocomplete="list"
              aria-expanded={open}
              aria-controls={ids.list}
              aria-activedescendant={open && active >= 0 ? `${ids.list}-${active}` : undefined}
              aria-invalid={issue !== null}
              aria-describedby={issue ? `${ids.error} ${ids.hint}` : ids.hint}
              placeholder={t('expression.placeholder')}
              className={issue ? 'p-invalid ec-expression-input' : 'ec-expression-input'}
              onChange={(event) => {
                onChange(event.target.value);
                suggest(event.target.value, event.target.selectionStart ?? event.target.value.length);
              }}
              onKeyDown={onKeyDown}
              onBlur={close}
            />
            <ul id={ids.list} role="listbox" aria-label={t('expression.suggestions')} className="ec-expression-list" part="suggestions" hidden={!open}>
              {options.map((option, index) => (
                <li
                  key={`${suggestions?.kind}-${option}`}
                  id={`${ids.list}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={index === active ? 'ec-expression-option ec-active' : 'ec-expression-option'}
                  // Keeps the focus in the input, so the list does not close before the click lands.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => accept(index)}
                >
                  <code>{option}</code>
                  <span className="ec-muted">{kindLabel[suggestions!.kind]}</span>
                </li>
              ))}
            </ul>
          </div>
          <Button
            ref={helpButton as never}
            type="button"
            icon="pi pi-question-circle"
            text
            label={t('expression.help')}
            aria-expanded={helpOpen}
            aria-controls={ids.help}
            onClick={() => setHelpOpen((shown) => !shown)}
          />
        </div>
        <p id={ids.hint} className="ec-muted ec-expression-hint">
          {t('expression.hint')}
        </p>
      </div>
      <div id={ids.error} className="ec-expression-error" aria-live="polite" part="expression-error">
        {issue && (
          <>
            <p className="ec-error-text">{t('expression.error-at', { message: issueMessage, column: position + 1 })}</p>
            <pre className="ec-expression-caret" aria-hidden="true">
              <code>{value}</code>
              {'\n'}
              <code>{`${' '.repeat(position)}${'^'.repeat(marked)}`}</code>
            </pre>
          </>
        )}
      </div>
      <div
        id={ids.help}
        className="ec-expression-help"
        part="expression-help"
        role="region"
        aria-label={t('expression.help-title')}
        hidden={!helpOpen}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.stopPropagation();
          setHelpOpen(false);
          helpButton.current?.focus();
        }}
      >
        <h3>{t('expression.help-title')}</h3>
        <ul>
          <li>{t('expression.help-compare')}</li>
          <li>{t('expression.help-regex')}</li>
          <li>{t('expression.help-contains')}</li>
          <li>{t('expression.help-in')}</li>
          <li>{t('expression.help-logic')}</li>
          <li>{t('expression.help-strings')}</li>
          <li>{t('expression.help-times')}</li>
          <li>{t('expression.help-cidr')}</li>
          <li>{t('expression.help-keys')}</li>
        </ul>
        <p>{t('expression.help-example-title')}</p>
        <pre>
          <code>{t('expression.help-example')}</code>
        </pre>
        <Button type="button" text label={t('action.close')} onClick={() => {
          setHelpOpen(false);
          helpButton.current?.focus();
        }} />
      </div>
    </div>
  );
}
