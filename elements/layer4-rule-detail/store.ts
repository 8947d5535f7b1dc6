/** Per-instance store of `<ec-layer4-rule-detail>`: the rule, the account's TCP packages and the websites to bind. */
import { signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import { getLayer4Rule, listTcpPackages, type Layer4Rule, type TcpPackageListAnswer } from '../../core/api/endpoints/layer4.js';
import { listDomainPicker, type DomainListItem } from '../../core/api/endpoints/platform.js';

/** A loaded value, or where loading stands. */
export type Loaded<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; value: T };

/** Creates the store. */
export function createRuleDetailStore(client: ApiClient) {
  const rule = signal<Loaded<Layer4Rule>>({ status: 'loading' });
  const packages = signal<Loaded<TcpPackageListAnswer>>({ status: 'loading' });
  const websites = signal<DomainListItem[]>([]);

  async function load(id: number): Promise<void> {
    if (rule.value.status !== 'ready' || rule.value.value.id !== id) rule.value = { status: 'loading' };
    try {
      const [found, packageList] = await Promise.all([getLayer4Rule(client, id), listTcpPackages(client)]);
      rule.value = { status: 'ready', value: found };
      packages.value = { status: 'ready', value: packageList };
    } catch {
      rule.value = { status: 'error' };
    }
  }

  async function loadWebsites(): Promise<void> {
    try {
      websites.value = (await listDomainPicker(client)).list;
    } catch {
      websites.value = [];
    }
  }

  return { rule, packages, websites, load, loadWebsites };
}

/** The store type. */
export type RuleDetailStore = ReturnType<typeof createRuleDetailStore>;
