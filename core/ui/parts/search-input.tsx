/**
 * The search input of shell §2: a labelled text field with a search icon. Enter searches at once; with a debounce
 * the search also runs when typing pauses; the clear button empties the field and searches for everything again.
 */
import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../element-context.js';

/** Props of {@link SearchInput}. */
export interface SearchInputProps {
  /** Accessible name, translated (e.g. "Search domains"); shown to screen readers only. */
  label: string;
  /** Called with the trimmed text to search for ('' means everything). */
  onSearch: (text: string) => void;
  /** Initial text; changing it from outside replaces what is typed (e.g. a filter reset). */
  value?: string;
  /** Placeholder, translated; defaults to the label. */
  placeholder?: string;
  /** When set, also searches this many milliseconds after the last key stroke. */
  debounceMs?: number;
}

/** Search field with icon, Enter to search, a clear button and an optional debounce; `part="search"`. */
export function SearchInput({ label, onSearch, value = '', placeholder, debounceMs }: SearchInputProps) {
  const t = useT('common');
  const inputId = useId();
  const [text, setText] = useState(value);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const lastValue = useRef(value);

  const cancelPending = () => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  };

  const search = (query: string) => {
    cancelPending();
    onSearchRef.current(query.trim());
  };

  const onInput = (next: string) => {
    setText(next);
    if (debounceMs === undefined) return;
    cancelPending();
    timer.current = setTimeout(() => search(next), debounceMs);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    search(text);
  };

  const clear = () => {
    setText('');
    search('');
    inputRef.current?.focus();
  };

  useEffect(() => {
    // Only a changed prop replaces the text: on mount it would wipe what was typed before effects ran.
    if (lastValue.current === value) return;
    lastValue.current = value;
    setText(value);
  }, [value]);
  useEffect(() => cancelPending, []);

  return (
    <div className="ec-search" part="search">
      <label htmlFor={inputId} className="ec-visually-hidden">
        {label}
      </label>
      <IconField iconPosition="left">
        <InputIcon className="pi pi-search" aria-hidden="true" />
        <InputText
          ref={inputRef}
          id={inputId}
          type="search"
          enterKeyHint="search"
          value={text}
          placeholder={placeholder ?? label}
          onChange={(event) => onInput(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </IconField>
      {text !== '' && (
        <Button type="button" icon="pi pi-times" text rounded className="ec-search-clear" aria-label={t('action.clear')} onClick={clear} />
      )}
    </div>
  );
}
