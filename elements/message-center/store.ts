/**
 * Per-instance store of `<ec-message-center>`: the message list with its filters (type, read state, time) and the
 * checked rows (rules §5: bulk actions need a non-empty checked list), one message, the announcements and one of
 * them, the notification settings and the contacts with their groups. Kept per host element, so moving the element
 * keeps filters, page and checked rows.
 */
import { batch, computed, signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import {
  deleteMessages,
  getMessage,
  getNotice,
  listContactGroups,
  listContacts,
  listMessages,
  listNoticeRules,
  listNotices,
  markAllMessagesRead,
  markMessagesRead,
  type Contact,
  type ContactGroup,
  type MessageDetail,
  type MessageInfo,
  type MessageType,
  type NoticeDetail,
  type NoticeInfo,
  type NoticeRule,
} from '../../core/api/endpoints/messages.js';
import { ApiError, NOT_FOUND_CODE, PERMISSION_DENIED_CODE } from '../../core/api/catalogue.js';
import { instanceStores } from '../../core/ui/instance-stores.js';
import { createPagedList } from '../../core/ui/paged-list.js';

/** Time filters of the message list, in days back from now. */
export const MESSAGE_RANGES = { '7d': 7, '30d': 30, '90d': 90 } as const;
/** A time filter. */
export type MessageRange = keyof typeof MESSAGE_RANGES;

/** The message list filters; '' means all. */
export interface MessageFilters {
  type: MessageType | '';
  read: 'read' | 'unread' | '';
  range: MessageRange | '';
}

/** A single object's load: loading, missing, refused, failed or ready. */
export type ItemState<T> = { status: 'loading' } | { status: 'missing' } | { status: 'denied' } | { status: 'error' } | { status: 'ready'; item: T };

function failureOf(error: unknown): 'missing' | 'denied' | 'error' {
  if (error instanceof ApiError && error.details.code === NOT_FOUND_CODE) return 'missing';
  if (error instanceof ApiError && error.details.code === PERMISSION_DENIED_CODE) return 'denied';
  return 'error';
}

/** Creates a store; {@link messageCenterStoreFor} gives each element its own. */
export function createMessageCenterStore(client: () => ApiClient, pageSize?: number) {
  const filters = signal<MessageFilters>({ type: '', read: '', range: '' });
  const checked = signal<ReadonlySet<number>>(new Set());
  const working = signal(false);
  const messages = createPagedList<MessageInfo>((page, perPage) => {
    const { type, read, range } = filters.value;
    const from = range ? new Date(Date.now() - MESSAGE_RANGES[range] * 86_400_000).toISOString() : undefined;
    return listMessages(client(), { page, per_page: perPage, type: type || undefined, read: read || undefined, from });
  }, pageSize);
  const notices = createPagedList<NoticeInfo>((page, perPage) => listNotices(client(), { page, per_page: perPage }), pageSize);
  const contactGroupFilter = signal<number | ''>('');
  const contacts = createPagedList<Contact>(
    (page, perPage) => listContacts(client(), { page, per_page: perPage, group_id: contactGroupFilter.value === '' ? undefined : contactGroupFilter.value }),
    pageSize,
  );
  const message = signal<ItemState<MessageDetail>>({ status: 'loading' });
  const notice = signal<ItemState<NoticeDetail>>({ status: 'loading' });
  const config = signal<ItemState<{ rules: NoticeRule[]; groups: ContactGroup[] }>>({ status: 'loading' });
  const groups = signal<ItemState<ContactGroup[]>>({ status: 'loading' });

  const messageQuery = computed(() => ({ ...filters.value, page: messages.page.value, size: messages.size.value }));

  /** Changes a filter: back to page 1, nothing checked. */
  function setFilter<Name extends keyof MessageFilters>(name: Name, value: MessageFilters[Name]): void {
    if (filters.value[name] === value) return;
    batch(() => {
      filters.value = { ...filters.value, [name]: value };
      messages.page.value = 1;
      checked.value = new Set();
    });
  }

  function toggle(id: number, on: boolean): void {
    const next = new Set(checked.value);
    if (on) next.add(id);
    else next.delete(id);
    checked.value = next;
  }

  /** Runs a bulk action; answers the unread count after it, or null when it failed (the client showed why). */
  async function bulk(action: () => Promise<{ count: number }>): Promise<number | null> {
    working.value = true;
    try {
      const answer = await action();
      checked.value = new Set();
      await messages.load();
      return answer.count;
    } catch {
      return null;
    } finally {
      working.value = false;
    }
  }

  return {
    filters,
    checked,
    working,
    messages,
    notices,
    contacts,
    contactGroupFilter,
    message,
    notice,
    config,
    groups,
    messageQuery,
    setFilter,
    toggle,
    markRead: (ids: number[]) => bulk(() => markMessagesRead(client(), ids)),
    markAllRead: () => bulk(() => markAllMessagesRead(client())),
    remove: (ids: number[]) => bulk(() => deleteMessages(client(), ids)),
    /** Loads one message and marks it read when it was unread (opening it is reading it). */
    async loadMessage(id: number): Promise<boolean> {
      message.value = { status: 'loading' };
      try {
        const item = await getMessage(client(), id);
        message.value = { status: 'ready', item };
        if (!item.read) {
          await markMessagesRead(client(), [id]);
          message.value = { status: 'ready', item: { ...item, read: true } };
          return true;
        }
      } catch (error) {
        message.value = { status: failureOf(error) };
      }
      return false;
    },
    async loadNotice(id: number): Promise<void> {
      notice.value = { status: 'loading' };
      try {
        notice.value = { status: 'ready', item: await getNotice(client(), id) };
      } catch (error) {
        notice.value = { status: failureOf(error) };
      }
    },
    async loadConfig(): Promise<void> {
      if (config.value.status !== 'ready') config.value = { status: 'loading' };
      try {
        const [rules, groupList] = await Promise.all([listNoticeRules(client()), listContactGroups(client())]);
        config.value = { status: 'ready', item: { rules: rules.list, groups: groupList.list } };
      } catch (error) {
        config.value = { status: failureOf(error) };
      }
    },
    async loadGroups(): Promise<void> {
      try {
        groups.value = { status: 'ready', item: (await listContactGroups(client())).list };
      } catch (error) {
        groups.value = { status: failureOf(error) };
      }
    },
  };
}

/** The store type. */
export type MessageCenterStore = ReturnType<typeof createMessageCenterStore>;

const stores = instanceStores<MessageCenterStore>();

/** The store of one element, created on first use. */
export function messageCenterStoreFor(host: HTMLElement, client: () => ApiClient, pageSize?: number): MessageCenterStore {
  return stores(host, () => createMessageCenterStore(client, pageSize));
}
