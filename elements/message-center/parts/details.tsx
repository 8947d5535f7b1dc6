/**
 * One message (shell §2 `MessageList/detail/:id`: opening it marks it read) and one announcement (shell §2
 * `notice-list/detail/:id`), with the loading, missing and error states.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { formatDateTime } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { MESSAGES_READ_EVENT } from '../events.js';
import { CHANNEL_KEYS, TYPE_KEYS } from '../labels.js';
import type { ItemState, MessageCenterStore } from '../store.js';

function Article({ title, meta, body }: { title: string; meta: ReactNode; body: string }) {
  return (
    <article className="ec-stack ec-message-article" part="detail">
      <h2 className="ec-message-heading">{title}</h2>
      <p className="ec-message-meta">{meta}</p>
      <p className="ec-message-body">{body}</p>
    </article>
  );
}

function stateView<T>(state: ItemState<T>, texts: { loading: string; missing: string; failed: string }, retry: () => void, ready: (item: T) => ReactNode) {
  if (state.status === 'loading') return <LoadingState message={texts.loading} />;
  if (state.status === 'missing') return <EmptyState message={texts.missing} />;
  if (state.status !== 'ready') return <ErrorState message={texts.failed} onRetry={retry} />;
  return ready(state.item);
}

/** One message; marks it read once shown. */
export function MessageView({ store, id }: { store: MessageCenterStore; id: number | undefined }) {
  useSignals();
  const { language, emit } = useElement();
  const t = useT();
  const load = async (wanted: number | undefined) => {
    if (wanted === undefined) return;
    if (await store.loadMessage(wanted)) emit(MESSAGES_READ_EVENT, { ids: [wanted], unread: -1 });
  };
  useEffect(() => {
    void load(id);
    // Only a new message id loads again; `load` is rebuilt on every render but does the same.
  }, [store, id]); // eslint-disable-line react-hooks/exhaustive-deps

  return stateView(
    id === undefined ? { status: 'missing' } : store.message.value,
    { loading: t('message.loading'), missing: t('message.not-found'), failed: t('message.load-failed') },
    () => void load(id),
    (item) => (
      <Article
        title={item.title}
        meta={`${t(TYPE_KEYS[item.type])} · ${t(CHANNEL_KEYS[item.channel])} · ${formatDateTime(item.created_at, language)}`}
        body={item.body}
      />
    ),
  );
}

/** One announcement. */
export function NoticeView({ store, id }: { store: MessageCenterStore; id: number | undefined }) {
  useSignals();
  const { language } = useElement();
  const t = useT();
  useEffect(() => {
    if (id !== undefined) void store.loadNotice(id);
  }, [store, id]);
  return stateView(
    id === undefined ? { status: 'missing' } : store.notice.value,
    { loading: t('notices.loading'), missing: t('message.not-found'), failed: t('notices.load-failed') },
    () => id !== undefined && void store.loadNotice(id),
    (item) => <Article title={item.title} meta={formatDateTime(item.published_at, language)} body={item.body} />,
  );
}
