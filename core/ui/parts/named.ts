/**
 * Accessible names for PrimeReact Dropdowns and MultiSelects inside a shadow root (NOTES.md): the hidden input, the
 * select and the trigger get the field's label, and the `aria-activedescendant` PrimeReact puts on the focused root
 * (pointing at no element, which axe reports) is dropped.
 */

/** `pt` of a Dropdown named `label`. */
export function namedDropdown(label: string) {
  return {
    root: { 'aria-activedescendant': undefined } as never,
    input: { 'aria-label': label } as never,
    select: { 'aria-label': label } as never,
    trigger: { 'aria-label': label } as never,
  };
}

/** `pt` of a MultiSelect named `label`. */
export function namedMultiSelect(label: string) {
  return {
    root: { 'aria-activedescendant': undefined } as never,
    input: { 'aria-label': label } as never,
    trigger: { 'aria-label': label } as never,
  };
}
