/**
 * Offers an export for download through a temporary `blob:` link inside the element's shadow root (the console's
 * CSP allows blob: URLs; nothing is fetched from elsewhere).
 */

/** Saves `content` as `fileName`. */
export function saveText(root: ShadowRoot, content: string, fileName: string, contentType: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  root.append(link);
  link.click();
  link.remove();
  // The download has started once click() returns; the URL is released on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
