/**
 * Accessible names for the parts of PrimeReact's Dropdown that axe checks inside a shadow root (NOTES.md): the hidden
 * input, the hidden select and the trigger button each need one, and `ariaLabel` alone does not reach them.
 */
import type { DropdownPassThroughOptions } from 'primereact/dropdown';

/** The `pt` of a Dropdown named `label`. */
export function dropdownPt(label: string): DropdownPassThroughOptions {
  return {
    input: { 'aria-label': label } as DropdownPassThroughOptions['input'],
    select: { 'aria-label': label } as DropdownPassThroughOptions['select'],
    trigger: { 'aria-label': label } as DropdownPassThroughOptions['trigger'],
  };
}
