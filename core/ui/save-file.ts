/**
 * Saves a file the element built (an export, a certificate, a template) through a temporary `blob:` link inside the
 * element's shadow root: the element never navigates the page, and the console's CSP allows blob: URLs (nothing is
 * fetched from elsewhere). One helper for every element that offers a download.
 */

/** Offers `data` for download as `fileName`. */
export function saveFile(root: ShadowRoot, data: Blob, fileName: string): void {
  const url = URL.createObjectURL(data);
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
