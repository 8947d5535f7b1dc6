/**
 * Shared by the DNS elements (`<ec-dns-domains>`, `<ec-dns-records>`, `<ec-dns-jobs>`). This folder has no
 * element.ts: it is no entry of its own, only code the three elements import.
 */

/**
 * Names a PrimeReact Dropdown's or MultiSelect's hidden input and select and its trigger for screen readers: inside a
 * shadow root axe requires them, and `ariaLabel` alone does not reach them (NOTES.md).
 */
export function named(label: string) {
  return {
    input: { 'aria-label': label } as never,
    select: { 'aria-label': label } as never,
    trigger: { 'aria-label': label } as never,
  };
}
