/**
 * An icon button that copies a value (copy-text.ts), with a tooltip naming what it copies, so a mouse user learns
 * what the icon does by hovering and a keyboard user by tabbing to it.
 */
import { Button } from 'primereact/button';
import { useRef } from 'react';
import { useElement } from '../element-context.js';
import { copyText } from './copy-text.js';
import { EcTooltip } from './tooltip.js';

/** Props of {@link CopyButton}. */
export interface CopyButtonProps {
  /** What is copied. */
  text: string;
  /** Translated name of the button, also its tooltip, e.g. "Copy the request ID". */
  label: string;
}

/** The copy button. */
export function CopyButton({ text, label }: CopyButtonProps) {
  const { language } = useElement();
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        // PrimeReact's Button hands its <button> to the ref, though its types name the component.
        ref={button as never}
        type="button"
        icon="pi pi-copy"
        text
        rounded
        size="small"
        className="ec-copy-button"
        aria-label={label}
        onClick={() => void copyText(text, { language })}
      />
      <EcTooltip target={button} content={label} />
    </>
  );
}
