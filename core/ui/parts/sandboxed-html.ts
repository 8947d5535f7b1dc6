/**
 * The one way the console shows HTML it did not write (DESIGN §6: "shown in a sandboxed iframe"): a custom error
 * page's preview, a stored mail in the demo host's mail viewer. Two independent locks, so markup a check misses still
 * runs nothing:
 * - the frame gets `sandbox=""`, which grants nothing: no scripts, no same origin (the console's storage is out of
 *   reach), no forms, popups or top navigation; `allow-scripts` is never added;
 * - the document starts with a Content-Security-Policy that forbids every script source, objects, frames and forms.
 * Images, styles and fonts stay allowed, so the page looks as its readers will see it.
 */

/** The policy of a sandboxed document. */
export const SANDBOXED_HTML_POLICY =
  "default-src 'none'; script-src 'none'; object-src 'none'; frame-src 'none'; child-src 'none'; worker-src 'none'; form-action 'none'; base-uri 'none'; img-src data: http: https:; style-src 'unsafe-inline' http: https:; font-src data: http: https:";

/** The frame's document: the policy first, so the parser puts it in the head before anything of the markup. */
export function sandboxedDocument(html: string): string {
  return `<!doctype html><meta http-equiv="Content-Security-Policy" content="${SANDBOXED_HTML_POLICY}">${html}`;
}
