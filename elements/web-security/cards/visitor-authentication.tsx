/**
 * Visitor authentication card (issue 22; rules §3 "Visitor authentication: key, expiry timestamp, random string,
 * request URL"; rules §5 "the token is timestamp, nonce and MD5 joined by a pipe, sent in a request header"; rules §8
 * "Illegal or invalid timestamp (difference over one hour)"; rules §9 tolerance 1 hour): the key (with a generator),
 * the header, the protected paths, and a token tool to test a URL with: a token for now, and a check of a pasted one
 * against the key (core/security/visitor-token.ts, the same code the request trace uses).
 *
 * The tool edits nothing, so it stays usable when the card is view-only: checking a token needs no right to save.
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { randomNonce, verifyVisitorToken, visitorToken, type VisitorTokenCheck } from '../../../core/security/visitor-token.js';
import { formatDuration } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { CopyButton } from '../../../core/ui/parts/copy-button.js';
import { TextField } from '../../../core/ui/parts/labelled-fields.js';
import type { CardEditorProps } from './card-editor.js';
import { CardFrame, LinesField, useIssueText } from './card-fields.js';

/** A new key: 32 random letters and digits (the same alphabet as nonces). */
export function newVisitorKey(): string {
  return randomNonce(32);
}

export default function VisitorAuthenticationEditor(props: CardEditorProps<'visitor_authentication'>) {
  const t = useT('security-cards');
  const { language } = useElement();
  const issueText = useIssueText(props.issues);
  const id = useId();
  const { value, onChange } = props;
  const [generated, setGenerated] = useState('');
  const [pasted, setPasted] = useState('');
  const [check, setCheck] = useState<VisitorTokenCheck | null>(null);
  const now = () => Math.floor(Date.now() / 1000);
  const hasKey = value.key.trim() !== '';

  const checkText = (found: VisitorTokenCheck): string => {
    if (found.verdict === 'stale') return t('visitor.tool.stale', { skew: formatDuration(Math.abs(found.skew ?? 0), language) });
    return t(`visitor.tool.${found.verdict}`);
  };

  return (
    <div className="ec-stack">
      <CardFrame props={props}>
        <div className="ec-row">
          <TextField label={t('visitor.key')} hint={t('visitor.key-hint')} error={issueText('key')} value={value.key} onChange={(key) => onChange({ ...value, key })} />
          <Button type="button" icon="pi pi-refresh" label={t('visitor.generate-key')} outlined onClick={() => onChange({ ...value, key: newVisitorKey() })} />
        </div>
        <TextField label={t('visitor.header')} hint={t('visitor.header-hint')} error={issueText('header')} value={value.header} onChange={(header) => onChange({ ...value, header })} />
        <LinesField name="paths" label={t('paths.protected')} hint={t('paths.hint-all')} value={value.paths} error={issueText('paths')} onChange={(paths) => onChange({ ...value, paths })} />
      </CardFrame>
      <section className="ec-stack" part="visitor-token-tool" aria-labelledby={`${id}-tool`}>
        <h4 id={`${id}-tool`}>{t('visitor.tool.title')}</h4>
        <p className="ec-muted">{t('visitor.tool.format', { header: value.header || 'X-Auth-Token' })}</p>
        {!hasKey && <p className="ec-muted">{t('visitor.tool.no-key')}</p>}
        <div className="ec-row">
          <Button type="button" icon="pi pi-key" label={t('visitor.tool.generate')} disabled={!hasKey} onClick={() => setGenerated(visitorToken(value.key, now(), randomNonce()))} />
          {generated && (
            <>
              <code part="visitor-token" className="ec-card-token">
                {generated}
              </code>
              <CopyButton text={generated} label={t('visitor.tool.copy')} />
            </>
          )}
        </div>
        <div className="ec-field">
          <label htmlFor={`${id}-pasted`}>{t('visitor.tool.pasted')}</label>
          <div className="ec-row">
            <InputText
              id={`${id}-pasted`}
              className="ec-card-token-input"
              value={pasted}
              onChange={(event) => {
                setPasted(event.target.value);
                setCheck(null);
              }}
            />
            <Button type="button" icon="pi pi-check" label={t('visitor.tool.verify')} disabled={!hasKey || pasted.trim() === ''} onClick={() => setCheck(verifyVisitorToken(value.key, pasted, now()))} />
          </div>
        </div>
        <p aria-live="polite" part="visitor-token-check" data-verdict={check?.verdict} className={check === null ? undefined : check.verdict === 'ok' ? 'ec-status-success' : 'ec-error-text'}>
          {check === null ? '' : checkText(check)}
        </p>
      </section>
    </div>
  );
}
