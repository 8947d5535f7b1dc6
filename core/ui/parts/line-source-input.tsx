/**
 * Lines typed into a text area or read from a file: the input of every batch of IPs, domains or URLs (ban unlock,
 * IP list entries). The caller checks the lines (core/rules batch helpers, in the batch worker) and shows issues
 * in the element whose id it passes as `ids.issue`.
 *
 * The file is chosen with a translated button over a hidden file input (issue 19: the browser's own file input says
 * "Choose File / No file chosen" in the browser's language, whatever the console's), and the chosen file is named
 * beside it.
 */
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { RadioButton } from 'primereact/radiobutton';
import { useRef } from 'react';

/** Where the lines come from. */
export type LineSource = 'typed' | 'file';

/** Translated texts of the input. */
export interface LineSourceLabels {
  legend: string;
  typed: string;
  file: string;
  entries: string;
  placeholder: string;
  typedHint: string;
  fileLabel: string;
  /** The button that opens the file chooser ("Choose a file"). */
  fileChoose: string;
  /** Beside the button while no file is chosen. */
  fileNone: string;
  fileHint: string;
  /** Shown before the file hint once a file is picked. */
  filePicked: string;
}

/** Props of {@link LineSourceInput}. */
export interface LineSourceInputProps {
  /** Element ids: the text area, the file input, the hint, and the caller's issue region (all described-by). */
  ids: { text: string; file: string; hint: string; issue: string };
  source: LineSource;
  onSourceChange: (source: LineSource) => void;
  text: string;
  onTextChange: (text: string) => void;
  /** The picked file, to name it in the hint. */
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** The file input's accept list, e.g. `.txt,text/plain`. */
  accept: string;
  labels: LineSourceLabels;
}

/** The typed-or-file line input. */
export function LineSourceInput({ ids, source, onSourceChange, text, onTextChange, file, onFileChange, accept, labels }: LineSourceInputProps) {
  const describedBy = `${ids.hint} ${ids.issue}`;
  const picker = useRef<HTMLInputElement>(null);
  return (
    <>
      <fieldset className="ec-field ec-line-source">
        <legend>{labels.legend}</legend>
        {(['typed', 'file'] as const).map((value) => (
          <div key={value} className="ec-row">
            <RadioButton inputId={`${ids.text}-${value}`} name="source" value={value} checked={source === value} onChange={() => onSourceChange(value)} />
            <label htmlFor={`${ids.text}-${value}`}>{value === 'typed' ? labels.typed : labels.file}</label>
          </div>
        ))}
      </fieldset>
      {source === 'typed' ? (
        <div className="ec-field">
          <label htmlFor={ids.text}>{labels.entries}</label>
          <InputTextarea
            id={ids.text}
            value={text}
            rows={8}
            spellCheck={false}
            placeholder={labels.placeholder}
            aria-describedby={describedBy}
            onChange={(event) => onTextChange(event.target.value)}
          />
          <span id={ids.hint} className="ec-muted">
            {labels.typedHint}
          </span>
        </div>
      ) : (
        <div className="ec-field">
          <label htmlFor={ids.file}>{labels.fileLabel}</label>
          <div className="ec-row ec-file-choice">
            <Button
              type="button"
              id={ids.file}
              outlined
              icon="pi pi-upload"
              label={labels.fileChoose}
              aria-describedby={`${ids.file}-name ${describedBy}`}
              onClick={() => picker.current?.click()}
            />
            <span id={`${ids.file}-name`} className={file ? 'ec-file-name' : 'ec-file-name ec-muted'}>
              {file ? file.name : labels.fileNone}
            </span>
            <input
              ref={picker}
              type="file"
              hidden
              tabIndex={-1}
              accept={accept}
              onChange={(event) => {
                onFileChange(event.target.files?.[0] ?? null);
                // The same file chosen again (after it was edited) must be read again.
                event.target.value = '';
              }}
            />
          </div>
          <span id={ids.hint} className="ec-muted">
            {file ? labels.filePicked : ''} {labels.fileHint}
          </span>
        </div>
      )}
    </>
  );
}
