/**
 * The parts every protection card editor is built from (issue 22): a frame that disables the whole editor when the
 * card cannot be edited (a native `fieldset disabled`: every control in it stops taking input and focus at once), a
 * choice group of radios (a disabled option says why), a one-per-line list input (rules §5 "paths ... one per line")
 * and the issues a save handed in, shown under the field they name (`paths.2` under the paths, as "Line 3: ...").
 */
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { WafMode } from '../../../core/api/endpoints/platform.js';
import type { FieldIssue } from '../../../core/rules/types.js';
import '../../../core/i18n/namespaces/rules.js';
import '../../../core/i18n/namespaces/security-cards.js';
import { useT } from '../../../core/ui/element-context.js';
import type { CardEditorProps } from './card-editor.js';
import type { SecurityCardName } from '../../../core/security/cards.js';
import styles from './card-fields.css';

/** A catalogue key for an API name: catalogue keys are kebab-case, card names and options snake_case. */
export function i18nKey(name: string): string {
  return name.replace(/_/g, '-');
}

/** Issues of `field` itself and of its items (`paths` takes `paths` and `paths.0`...). */
export function issuesOf(issues: readonly FieldIssue[], field: string): FieldIssue[] {
  return issues.filter((found) => found.field === field || found.field.startsWith(`${field}.`));
}

/** The translated messages of a field's issues; an item's issue names its line (1-based). */
export function useIssueText(issues: readonly FieldIssue[]) {
  const tRules = useT('rules');
  const t = useT('security-cards');
  return (field: string): string | null => {
    const found = issuesOf(issues, field);
    if (found.length === 0) return null;
    return found
      .map((entry) => {
        const message = tRules(entry.key, entry.values);
        const item = entry.field.slice(field.length + 1);
        return /^\d+$/.test(item) ? t('lines.line-issue', { line: Number(item) + 1, message }) : message;
      })
      .join(' ');
  };
}

/** The editor's frame: named for screen readers, disabled as a whole when the card cannot be edited. */
export function CardFrame<N extends SecurityCardName>({ props, children }: { props: CardEditorProps<N>; children: ReactNode }) {
  const t = useT('security-cards');
  return (
    <>
      {/* The editors' own rules, in the shadow root of whatever page shows them (as the domain console's tabs do). */}
      <style>{styles}</style>
      <fieldset className="ec-stack ec-checkbox-group" part={`card-editor card-editor-${props.name}`} data-card={props.name} disabled={!props.editable} aria-label={t('editor.label', { card: t(`card.${i18nKey(props.name)}.title`) })}>
      {children}
      </fieldset>
    </>
  );
}

/** An option of a {@link ChoiceField}. */
export interface Choice<V extends string | number> {
  value: V;
  label: string;
  /** A line under the option saying what it does. */
  hint?: string;
  /** Why the option cannot be chosen; the option is disabled when set. */
  disabledReason?: string;
}

/** A group of radios (arrow keys move between them, as native radios do). */
export function ChoiceField<V extends string | number>({ label, value, choices, onChange, error = null, name }: { label: string; value: V; choices: readonly Choice<V>[]; onChange: (value: V) => void; error?: string | null; name: string }) {
  const id = useId();
  return (
    <fieldset className="ec-checkbox-group" aria-describedby={error ? `${id}-error` : undefined} data-field={name}>
      <legend>{label}</legend>
      <div className="ec-card-choices">
        {choices.map((choice) => {
          const optionId = `${id}-${choice.value}`;
          const notes = [choice.hint ? `${optionId}-hint` : '', choice.disabledReason ? `${optionId}-reason` : ''].filter(Boolean).join(' ');
          return (
            <span key={choice.value} className="ec-card-choice" data-value={choice.value}>
              <input
                id={optionId}
                type="radio"
                className="ec-check"
                name={`${id}-${name}`}
                value={String(choice.value)}
                checked={value === choice.value}
                disabled={choice.disabledReason !== undefined}
                aria-describedby={notes || undefined}
                onChange={() => onChange(choice.value)}
              />
              <label htmlFor={optionId}>{choice.label}</label>
              {choice.hint && (
                <small id={`${optionId}-hint`} className="ec-muted">
                  {choice.hint}
                </small>
              )}
              {choice.disabledReason && (
                <small id={`${optionId}-reason`} className="ec-muted">
                  {choice.disabledReason}
                </small>
              )}
            </span>
          );
        })}
      </div>
      {error && (
        <small id={`${id}-error`} className="ec-error-text" role="alert">
          {error}
        </small>
      )}
    </fieldset>
  );
}

/** The protection modes (rules §4) as choices: those the package does not allow are disabled with the reason. */
export function useModeChoices(allowed: readonly WafMode[], current: WafMode): Choice<WafMode>[] {
  const t = useT('security-cards');
  return (['observe', 'block', 'ban'] as const).map((mode) => ({
    value: mode,
    label: t(`mode.${mode}`),
    hint: t(`mode-hint.${mode}`),
    // The mode in force stays choosable: a package change must not leave the card with no selectable mode.
    ...(allowed.includes(mode) || mode === current ? {} : { disabledReason: t('mode.not-allowed') }),
  }));
}

const toText = (lines: readonly string[]) => lines.join('\n');
const toLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/**
 * A one-per-line list. The text is kept as typed (an empty line being written stays), the value handed on is the
 * trimmed non-empty lines; a value changed from outside (a reset) replaces the text.
 */
export function LinesField({ label, hint, value, onChange, error = null, name, placeholder }: { label: string; hint?: string; value: readonly string[]; onChange: (lines: string[]) => void; error?: string | null; name: string; placeholder?: string }) {
  const id = useId();
  const [text, setText] = useState(() => toText(value));
  const last = useRef(value);
  useEffect(() => {
    if (last.current !== value && toText(toLines(text)) !== toText(value)) setText(toText(value));
    last.current = value;
  }, [value, text]);
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="ec-field" data-field={name}>
      <label htmlFor={id}>{label}</label>
      <InputTextarea
        id={id}
        rows={4}
        value={text}
        placeholder={placeholder}
        invalid={error !== null}
        aria-invalid={error !== null || undefined}
        aria-describedby={described}
        onChange={(event) => {
          setText(event.target.value);
          const lines = toLines(event.target.value);
          last.current = lines;
          onChange(lines);
        }}
      />
      {hint && (
        <small id={`${id}-hint`} className="ec-muted">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="ec-error-text" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
