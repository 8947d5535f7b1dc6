/**
 * Per-instance store of `<ec-layer4-rules>`: the filters and page, one page of rules, the account's TCP packages,
 * the selection for batch edit and delete, and which dialog is open. The selection is kept across pages (a batch
 * edit may span them) and cleared when the filters change.
 */
import { signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import {
  listLayer4Rules,
  listTcpPackages,
  type ForwardingStatus,
  type Layer4Protocol,
  type Layer4Rule,
  type Layer4RuleListAnswer,
  type TcpPackageListAnswer,
} from '../../core/api/endpoints/layer4.js';

/** A loaded value, or where loading stands. */
export type Loaded<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; value: T };

/** The list's filters and page. */
export interface Layer4Query {
  page: number;
  perPage: number;
  protocol: Layer4Protocol | '';
  packageId: number | '';
  status: ForwardingStatus | '';
  keyword: string;
}

/** The open dialog. */
export type Layer4Dialog = { kind: 'create' } | { kind: 'batch-add' } | { kind: 'edit'; rule: Layer4Rule } | { kind: 'batch-edit'; ids: number[] } | null;

/** Creates the store. */
export function createLayer4RulesStore(client: ApiClient, pageSize: number) {
  const query = signal<Layer4Query>({ page: 1, perPage: pageSize, protocol: '', packageId: '', status: '', keyword: '' });
  const rules = signal<Loaded<Layer4RuleListAnswer>>({ status: 'loading' });
  const packages = signal<Loaded<TcpPackageListAnswer>>({ status: 'loading' });
  const busy = signal(false);
  const selection = signal<ReadonlySet<number>>(new Set());
  const dialog = signal<Layer4Dialog>(null);
  let generation = 0;

  async function loadRules(): Promise<void> {
    const mine = ++generation;
    const { page, perPage, protocol, packageId, status, keyword } = query.value;
    if (rules.value.status === 'ready') busy.value = true;
    else rules.value = { status: 'loading' };
    try {
      const answer = await listLayer4Rules(client, { page, per_page: perPage, protocol, package_id: packageId, status, keyword });
      if (mine === generation) rules.value = { status: 'ready', value: answer };
    } catch {
      if (mine === generation) rules.value = { status: 'error' };
    } finally {
      if (mine === generation) busy.value = false;
    }
  }

  async function loadPackages(): Promise<void> {
    try {
      packages.value = { status: 'ready', value: await listTcpPackages(client) };
    } catch {
      packages.value = { status: 'error' };
    }
  }

  function setFilter(change: Partial<Omit<Layer4Query, 'page' | 'perPage'>>): void {
    query.value = { ...query.value, ...change, page: 1 };
    selection.value = new Set();
  }

  function setPage(page: number, perPage: number): void {
    query.value = { ...query.value, page, perPage };
  }

  function toggle(ids: readonly number[], on: boolean): void {
    const next = new Set(selection.value);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    selection.value = next;
  }

  return { query, rules, packages, busy, selection, dialog, loadRules, loadPackages, setFilter, setPage, toggle };
}

/** The store type. */
export type Layer4RulesStore = ReturnType<typeof createLayer4RulesStore>;
