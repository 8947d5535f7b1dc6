/**
 * The preview of a custom error page (issue 20: "a sandboxed preview (`iframe sandbox` with a CSP that forbids
 * scripts)"). Two independent locks, so a page the JavaScript check misses still runs nothing here:
 * - `sandbox=""` grants nothing: no scripts, no same origin (the console's cookies and storage are out of reach), no
 *   forms, popups or top navigation; `allow-scripts` is never added;
 * - the document starts with a Content-Security-Policy that forbids every script source, objects, frames and forms.
 * Images, styles and fonts stay allowed, so the page looks as visitors will see it.
 */
import { useT } from '../../../../core/ui/element-context.js';

/** The policy of the preview document. */
export const PREVIEW_POLICY =
  "default-src 'none'; script-src 'none'; object-src 'none'; frame-src 'none'; child-src 'none'; worker-src 'none'; form-action 'none'; base-uri 'none'; img-src data: http: https:; style-src 'unsafe-inline' http: https:; font-src data: http: https:";

/** The preview document: the policy first, so the parser puts it in the head before anything of the page. */
export function previewDocument(html: string): string {
  return `<!doctype html><meta http-equiv="Content-Security-Policy" content="${PREVIEW_POLICY}">${html}`;
}

export function PagePreview({ html, code }: { html: string; code: number }) {
  const t = useT('domain-performance');
  return (
    <iframe
      className="ec-page-preview"
      part="page-preview"
      title={t('pages.preview-title', { code })}
      sandbox=""
      referrerPolicy="no-referrer"
      srcDoc={previewDocument(html)}
    />
  );
}
