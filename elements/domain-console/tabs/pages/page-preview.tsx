/**
 * The preview of a custom error page (issue 20: "a sandboxed preview (`iframe sandbox` with a CSP that forbids
 * scripts)"), locked as core/ui/parts/sandboxed-html.ts describes.
 */
import { sandboxedDocument } from '../../../../core/ui/parts/sandboxed-html.js';
import { useT } from '../../../../core/ui/element-context.js';

export function PagePreview({ html, code }: { html: string; code: number }) {
  const t = useT('domain-performance');
  return (
    <iframe
      className="ec-page-preview"
      part="page-preview"
      title={t('pages.preview-title', { code })}
      sandbox=""
      referrerPolicy="no-referrer"
      srcDoc={sandboxedDocument(html)}
    />
  );
}
