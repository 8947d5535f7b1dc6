/**
 * The mail viewer (issue 27): the demo host's development mail catcher. It lists the reference server's outbox
 * (recipient, subject, kind, time, delivery) and shows a mail's plain text and its HTML in a sandboxed frame that runs
 * no script (core/ui/parts/sandboxed-html.ts), so a person reads a verification code on a machine without SMTP. It
 * needs no session: who may read it, and why only without SMTP, is explained where the server answers
 * (demo/server/features/mail/viewer-routes.ts). With SMTP the calls answer 404 and the page says the viewer is off.
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../core/api/catalogue.js';
import type { ListAnswer } from '../../../core/api/endpoints/platform.js';
import { getOutboxMail, listOutbox, type OutboxMail, type OutboxMailDetail } from '../../../core/api/endpoints/mail.js';
import { formatDateTime } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { Pager } from '../../../core/ui/parts/pager.js';
import { sandboxedDocument } from '../../../core/ui/parts/sandboxed-html.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { Brand, LanguageSwitch } from './brand.js';

const PAGE_SIZE = 20;

type Load<T> = { state: 'loading' } | { state: 'error'; message: string; off: boolean } | { state: 'ready'; value: T };

/** Props of the mail viewer page. */
export interface MailViewerPageProps {
  /** Back to the console (or the sign-in page). */
  onLeave: () => void;
}

/** The outbox list and the open mail. */
export function MailViewerPage({ onLeave }: MailViewerPageProps) {
  const { client } = useElement();
  const t = useT('host');
  const [page, setPage] = useState(1);
  const [to, setTo] = useState('');
  const [filter, setFilter] = useState('');
  const [list, setList] = useState<Load<ListAnswer<OutboxMail>>>({ state: 'loading' });
  const [openId, setOpenId] = useState<number | null>(null);
  const [mail, setMail] = useState<Load<OutboxMailDetail> | null>(null);

  const failure = (error: unknown): Load<never> => ({
    state: 'error',
    off: error instanceof ApiError && error.details.httpStatus === 404,
    message: error instanceof ApiError && error.message ? error.message : t('mail-viewer.load-failed'),
  });

  const load = useCallback(() => {
    setList({ state: 'loading' });
    listOutbox(client, { page, per_page: PAGE_SIZE, ...(filter ? { to: filter } : {}) }).then(
      (value) => setList({ state: 'ready', value }),
      (error: unknown) => setList(failure(error)),
    );
  }, [client, page, filter, t]);

  useEffect(load, [load]);

  useEffect(() => {
    if (openId === null) return;
    setMail({ state: 'loading' });
    getOutboxMail(client, openId).then(
      (value) => setMail({ state: 'ready', value }),
      (error: unknown) => setMail(failure(error)),
    );
  }, [client, openId, t]);

  const body = () => {
    if (list.state === 'loading') return <LoadingState message={t('mail-viewer.loading')} />;
    if (list.state === 'error') return list.off ? <EmptyState message={t('mail-viewer.off')} /> : <ErrorState message={list.message} onRetry={load} />;
    if (list.value.total === 0) return <EmptyState message={filter ? t('mail-viewer.none-found') : t('mail-viewer.empty')} />;
    return (
      <>
        <table className="ec-mail-list" part="table">
          <thead>
            <tr>
              <th scope="col">{t('mail-viewer.to')}</th>
              <th scope="col">{t('mail-viewer.subject')}</th>
              <th scope="col">{t('mail-viewer.kind')}</th>
              <th scope="col">{t('mail-viewer.time')}</th>
              <th scope="col">{t('mail-viewer.delivery')}</th>
            </tr>
          </thead>
          <tbody>
            {list.value.list.map((row) => (
              <tr key={row.id} aria-selected={row.id === openId}>
                <td>{row.to}</td>
                <td>
                  <Button type="button" link className="ec-mail-open" label={row.subject} onClick={() => setOpenId(row.id)} />
                </td>
                <td>{row.kind}</td>
                <td>{formatDateTime(row.created_at)}</td>
                <td>{t(`mail-viewer.delivery-${row.delivery}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Pager page={page} pageSize={PAGE_SIZE} pageSizes={[PAGE_SIZE]} total={list.value.total} onChange={(change) => setPage(change.page)} />
      </>
    );
  };

  const detail = () => {
    if (mail === null) return null;
    if (mail.state === 'loading') return <LoadingState message={t('mail-viewer.loading')} />;
    if (mail.state === 'error') return <ErrorState message={mail.message} />;
    const value = mail.value;
    return (
      <article className="ec-mail-detail ec-stack" aria-labelledby="mail-viewer-subject">
        <h2 id="mail-viewer-subject">{value.subject}</h2>
        <p className="ec-muted">
          {t('mail-viewer.to')}: {value.to} · {formatDateTime(value.created_at)}
        </p>
        <h3>{t('mail-viewer.text')}</h3>
        <pre className="ec-mail-text">{value.text}</pre>
        <h3>{t('mail-viewer.html')}</h3>
        <iframe className="ec-mail-html" title={t('mail-viewer.html-title', { subject: value.subject })} sandbox="" referrerPolicy="no-referrer" srcDoc={sandboxedDocument(value.html)} />
      </article>
    );
  };

  return (
    <main className="ec-mail-viewer ec-stack" id="main-content">
      <div className="ec-sign-in-top">
        <Brand className="ec-sign-in-brand" />
        <LanguageSwitch className="ec-sign-in-language" />
      </div>
      <h1 className="ec-page-title">{t('mail-viewer.title')}</h1>
      <p className="ec-muted">{t('mail-viewer.intro')}</p>
      <form
        className="ec-mail-filter"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setFilter(to.trim());
        }}
      >
        <label htmlFor="mail-viewer-to">{t('mail-viewer.filter-to')}</label>
        <InputText id="mail-viewer-to" value={to} onChange={(event) => setTo(event.target.value)} />
        <Button type="submit" label={t('mail-viewer.search')} />
        <Button type="button" outlined label={t('mail-viewer.refresh')} onClick={load} />
        <Button type="button" link label={t('mail-viewer.leave')} onClick={onLeave} />
      </form>
      <div className="ec-mail-panes">
        <section aria-label={t('mail-viewer.title')}>{body()}</section>
        {detail()}
      </div>
    </main>
  );
}
