/**
 * Website fixtures for browser tests of the domain elements: adds websites through the real reference server (and
 * deletes them again), waits for the job runner to settle them, and types into text fields the way a user does.
 */
import { waitUntil } from '@open-wc/testing';
import { createApiClient } from '../../core/api/client.js';
import { addWebsites, deleteWebsites, listWebsites, listWebsiteTemplates, setWebsiteStatus, type WebsiteInfo, type WebsiteOrigin } from '../../core/api/endpoints/websites.js';
import { sessionToken } from '../../core/session/session.js';

const client = createApiClient({ base: '/api', getToken: () => sessionToken.value, getLanguage: () => 'en_US', notify: () => undefined });

/** An origin every fixture site gets. */
export const FIXTURE_ORIGIN: WebsiteOrigin = { address: '192.0.2.50', port: 80, line: 'primary', weight: 10 };

/** Adds websites with one origin and waits until the job runner has them serving; answers their ids. */
export async function addServingSites(domains: readonly string[]): Promise<number[]> {
  const templates = await listWebsiteTemplates(client);
  const answer = await addWebsites(client, { domains: [...domains], template_id: templates.list[0]!.id, origins: [FIXTURE_ORIGIN] });
  const ids = answer.results.filter((result) => result.ok).map((result) => result.id!);
  await waitUntil(
    async () => {
      const page = await listWebsites(client, { per_page: 500, status: 'serving' });
      return ids.every((id) => page.list.some((site) => site.id === id));
    },
    'the added sites serve',
    { timeout: 10_000, interval: 100 },
  );
  return ids;
}

/** Deletes websites by domain (those not found are ignored). */
export async function deleteSites(domains: readonly string[]): Promise<void> {
  if (domains.length) await deleteWebsites(client, { selection: { domains: [...domains] } });
}

/** Enables suspended websites again (test clean-up). */
export async function enableSites(domains: readonly string[]): Promise<void> {
  if (domains.length) await setWebsiteStatus(client, { selection: { domains: [...domains] }, action: 'enable' });
}

/** A website as the server has it, by its domain. */
export async function siteInfo(domain: string): Promise<WebsiteInfo> {
  const page = await listWebsites(client, { search: domain, per_page: 10 });
  const site = page.list.find((item) => item.domain === domain);
  if (!site) throw new Error(`no website ${domain}`);
  return site;
}

/** The id of a website by its domain. */
export async function siteId(domain: string): Promise<number> {
  return (await siteInfo(domain)).id;
}

/** Sets an input's or a textarea's value the way typing does, so React's onChange fires. */
export function typeText(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The field labelled `label` inside a shadow root (label[for] -> element). */
export function field<T extends HTMLElement = HTMLInputElement>(root: ShadowRoot, label: string): T {
  const element = Array.from(root.querySelectorAll('label')).find((node) => node.textContent?.trim() === label);
  if (!element) throw new Error(`no label "${label}"`);
  const target = root.getElementById(element.htmlFor);
  if (!target) throw new Error(`no field for "${label}"`);
  return target as T;
}

/** The button whose text (or aria-label) reads `name`. */
export function button(root: ParentNode, name: string): HTMLButtonElement {
  const found = Array.from(root.querySelectorAll<HTMLButtonElement>('button')).find(
    (node) => node.textContent?.trim() === name || node.getAttribute('aria-label') === name,
  );
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}

/** The text of the toasts the page shows (in its one notice host on document.body). */
export function toasts(): string[] {
  const host = document.querySelector('ec-notice-host')?.shadowRoot;
  return Array.from(host?.querySelectorAll('.p-toast-detail') ?? []).map((node) => node.textContent ?? '');
}
