/**
 * `<ec-domain-list>` alone on a plain page against the reference server (issue "Domains"; rules §3-§5, §8, §9; shell
 * §3, §4, §6, §9): fields and statuses, filters, sort, paging, select-all-matching with batch actions, suspend with
 * the 503 notice, the TCP-bound refusal, row events, both languages, axe, and the loading, empty and error states.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/domain-list/element.js';
import { currentUser } from '../../../core/session/session.js';
import { signInAsDemoParent } from '../../helpers/api-session.js';
import { choose, envelope, injectFault, rows, settled, shadow, watchCalls } from '../../helpers/list-element.js';
import { addServingSites, button, deleteSites, enableSites, field, siteId, toasts, typeText } from '../../helpers/websites.js';

const EXTRA = Array.from({ length: 9 }, (_, i) => `list-${i + 1}.wtr.example`);

async function list(markup = html`<ec-domain-list lang="en-US"></ec-domain-list>`): Promise<HTMLElement> {
  return settled(await fixture<HTMLElement>(markup));
}

const domains = (element: HTMLElement) => rows(element).map((row) => row.querySelector('.ec-col-domain .ec-truncate')?.textContent ?? '');
const rowOf = (element: HTMLElement, domain: string) => rows(element).find((row) => row.querySelector('.ec-col-domain .ec-truncate')?.textContent === domain)!;
const dialog = (element: HTMLElement) => shadow(element).querySelector<HTMLElement>('[part="dialog"]');

describe('<ec-domain-list> (rules §3, §4; shell §9)', () => {
  before(async () => {
    await signInAsDemoParent();
  });

  it('shows every website field of rules §3 with the rules §4 status tags, the reason and the 503 notice', async () => {
    const element = await list();
    expect(domains(element)).to.have.members(['www.example.com', 'shop.example.com', 'api.example.com', 'static.example.net', 'blog.example.org', 'm.example.com']);
    const headers = Array.from(shadow(element).querySelectorAll('[part="table"] thead th')).map((th) => th.textContent?.trim());
    expect(headers).to.deep.equal(['', 'Domain', 'Type', 'Remark', 'Service status', 'Access', 'CNAME', 'Origins', 'Group', 'Traffic routing', 'Certificate', 'Due date', 'Actions']);
    const www = rowOf(element, 'www.example.com').textContent!;
    for (const text of ['Serving', 'CNAME', 'Connected', 'www.example.com.edge-cdn.net', '203.0.113.10:80', 'Backup', 'Production', 'Shared edge node', 'Standard network', 'HTTPS on', 'Auto renewal']) {
      expect(www, text).to.contain(text);
    }
    // The certificate column shows the name the server stores (the certificate area binds it).
    expect(rowOf(element, 'www.example.com').querySelector('.ec-col-certificate')!.textContent).to.not.contain('None');
    expect(rowOf(element, 'blog.example.org').textContent).to.contain('Approval failed').and.contain('Reason: Current input domain invalid or already bound');
    expect(rowOf(element, 'static.example.net').textContent).to.contain('Suspended').and.contain('Visitors receive 503');
    expect(rowOf(element, 'api.example.com').textContent).to.contain('Returned to origin').and.contain('Back to origin').and.contain('[2001:db8::10]:8080');
    expect(rowOf(element, 'm.example.com').textContent).to.contain('Origin not set').and.contain('NS').and.contain('Live streaming');
    expect(shadow(element).querySelector('[part="toolbar"]')!.textContent).to.match(/Domains used.*6 of 20/);
  });

  it('issue 19: starts from a bookmarked view (view-state) and reports each change with ec-view-state', async () => {
    const element = await list(html`<ec-domain-list lang="en-US" view-state="status=suspended&sort=domain.desc&bogus=1"></ec-domain-list>`);
    await waitUntil(() => domains(element).join() === 'static.example.net', 'the bookmarked status filter applies');
    expect(shadow(element).querySelector('[part="toolbar"]')!.textContent).to.contain('Suspended');
    const changed = oneEvent(element, 'ec-view-state');
    await choose(element, 'Status', 'All statuses');
    expect((await changed).detail.state).to.equal('sort=domain.desc', 'defaults and unknown names are left out');
    const searched = oneEvent(element, 'ec-view-state');
    typeText(shadow(element).querySelector<HTMLInputElement>('[part="search"] input')!, 'shop');
    expect((await searched).detail.state).to.equal('search=shop&sort=domain.desc');
  });

  it('filters by status, group, access mode and search on the server', async () => {
    const calls = watchCalls();
    try {
      const element = await list();
      await choose(element, 'Status', 'Suspended');
      await waitUntil(() => domains(element).join() === 'static.example.net', 'the status filter applies');
      expect(calls.lastQuery(/website\.list/).get('status')).to.equal('suspended');
      await choose(element, 'Status', 'All statuses');
      await choose(element, 'Group', 'Production');
      await waitUntil(() => domains(element).length === 2, 'the group filter applies');
      expect(domains(element)).to.have.members(['www.example.com', 'shop.example.com']);
      await choose(element, 'Group', 'Ungrouped');
      await waitUntil(() => domains(element).length === 2 && domains(element).includes('m.example.com'), 'ungrouped');
      await choose(element, 'Group', 'All groups');
      await choose(element, 'Access mode', 'NS');
      await waitUntil(() => domains(element).join() === 'm.example.com', 'the access filter applies');
      await choose(element, 'Access mode', 'All access modes');
      typeText(shadow(element).querySelector<HTMLInputElement>('[part="search"] input')!, 'shop');
      await waitUntil(() => domains(element).join() === 'shop.example.com', 'the search applies');
      expect(calls.lastQuery(/website\.list/).get('search')).to.equal('shop');
    } finally {
      calls.restore();
    }
  });

  it('sorts on the server by domain, ascending then descending, announced with aria-sort', async () => {
    const calls = watchCalls();
    try {
      const element = await list();
      const header = Array.from(shadow(element).querySelectorAll('th')).find((th) => th.textContent?.trim() === 'Domain')!;
      header.querySelector('button')!.click();
      await waitUntil(() => header.getAttribute('aria-sort') === 'ascending' && domains(element)[0] === 'api.example.com', 'ascending');
      expect(calls.lastQuery(/website\.list/).get('sort')).to.equal('domain');
      expect(calls.lastQuery(/website\.list/).get('order')).to.equal('asc');
      header.querySelector('button')!.click();
      await waitUntil(() => header.getAttribute('aria-sort') === 'descending' && domains(element)[0] === 'www.example.com', 'descending');
    } finally {
      calls.restore();
    }
  });

  describe('with more websites than a page', () => {
    before(async () => {
      await addServingSites(EXTRA);
    });
    after(async () => {
      await deleteSites(EXTRA);
    });

    it('pages on the server (shell §9: 10 per page by default, pager shown when the total exceeds 10)', async () => {
      const calls = watchCalls();
      try {
        const element = await list();
        expect(rows(element).length).to.equal(10);
        expect(calls.lastQuery(/website\.list/).get('per_page')).to.equal('10');
        button(shadow(element), 'Next page').click();
        await waitUntil(() => rows(element).length === 5, 'the second page');
        expect(calls.lastQuery(/website\.list/).get('page')).to.equal('2');
      } finally {
        calls.restore();
      }
    });

    it('selects the page, then every matching website on the server, and suspends them after a confirmation with the 503 notice', async () => {
      const element = await list();
      await choose(element, 'Access mode', 'CNAME');
      await waitUntil(() => rows(element).length === 10 && !domains(element).includes('m.example.com'), 'the first page of CNAME sites');
      shadow(element).querySelector<HTMLInputElement>('thead input[type="checkbox"]')!.click();
      await waitUntil(() => shadow(element).querySelector('[part="selection"]')?.textContent?.includes('10 websites selected'), 'the page is selected');
      button(shadow(element), 'Select all 14 matching websites').click();
      await waitUntil(() => shadow(element).querySelector('[part="selection"]')?.textContent?.includes('All 14 matching websites are selected'), 'all matching');
      // Untick one: it is excluded from "all matching".
      rows(element)[0]!.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
      await waitUntil(() => shadow(element).querySelector('[part="selection"]')?.textContent?.includes('13 websites'), 'one excluded');
      const excluded = domains(element)[0]!;

      const changed = oneEvent(element, 'ec-domain-status-changed');
      button(shadow(element).querySelector('[part="selection"]')!, 'Suspend').click();
      await waitUntil(() => dialog(element), 'the confirmation opens');
      expect(dialog(element)!.textContent).to.contain('Suspend 13 selected websites?').and.contain('visitors receive 503 until it is enabled again');
      button(dialog(element)!, 'Suspend').click();
      const detail = (await changed).detail;
      expect(detail.action).to.equal('suspend');
      // The already suspended site and the one that failed approval are refused, each with its reason.
      expect(detail.ids.length).to.equal(11);
      await waitUntil(() => dialog(element)?.textContent?.includes('Some websites were not suspended'), 'the outcome dialog');
      expect(dialog(element)!.textContent).to.contain('Only approved websites can be suspended');
      button(dialog(element)!, 'Close').click();
      const suspended = EXTRA.filter((domain) => domain !== excluded).concat(['www.example.com', 'shop.example.com', 'api.example.com'].filter((domain) => domain !== excluded));
      await enableSites(suspended);
    });

    it('clears the selection when a filter changes, since the set it was made from changed', async () => {
      const element = await list();
      shadow(element).querySelector<HTMLInputElement>('thead input[type="checkbox"]')!.click();
      await waitUntil(() => shadow(element).querySelector('[part="selection"]'), 'a selection');
      await choose(element, 'Status', 'Serving');
      await waitUntil(() => shadow(element).querySelector('[part="selection"]') === null, 'the selection is cleared');
    });

    it('sends "all matching" as the filters, never as a list of ids', async () => {
      const calls: Array<{ url: string; body: string }> = [];
      const realFetch = window.fetch;
      window.fetch = (input, init) => {
        calls.push({ url: String(input), body: String(init?.body ?? '') });
        return realFetch(input, init);
      };
      try {
        const element = await list();
        await choose(element, 'Group', 'Ungrouped');
        await waitUntil(() => rows(element).length === 10, 'a full page of the 11 ungrouped sites');
        shadow(element).querySelector<HTMLInputElement>('thead input[type="checkbox"]')!.click();
        await waitUntil(() => shadow(element).querySelector('.ec-select-all-matching'), 'the offer to select all');
        shadow(element).querySelector<HTMLButtonElement>('.ec-select-all-matching')!.click();
        const groupBox = field(shadow(element), 'Move to group');
        expect(groupBox).to.exist;
        button(shadow(element).querySelector('[part="selection"]')!, 'Move').click();
        await waitUntil(() => calls.some((call) => call.url.includes('website.group.assign')), 'the assign call');
        const body = JSON.parse(calls.find((call) => call.url.includes('website.group.assign'))!.body) as { selection: unknown };
        expect(body.selection).to.deep.equal({ all: { group_id: 0, exclude: [] } });
      } finally {
        window.fetch = realFetch;
      }
    });
  });

  it('refuses to delete a site bound to a TCP package with the spec message (rules §8)', async () => {
    const element = await list();
    rowOf(element, 'api.example.com').querySelector<HTMLButtonElement>('button[aria-label="Delete api.example.com"]')!.click();
    await waitUntil(() => dialog(element), 'the confirmation opens');
    expect(dialog(element)!.textContent).to.contain('Delete api.example.com? This cannot be undone.');
    button(dialog(element)!, 'Delete').click();
    await waitUntil(
      () => toasts().includes('Please unbind the TCP security acceleration package before deleting the domain'),
      'the refusal is shown',
    );
    expect(domains(element)).to.include('api.example.com');
  });

  it('deletes a site after the confirmation and sends ec-domain-deleted', async () => {
    const [id] = await addServingSites(['delete-me.wtr.example']);
    const element = await list();
    const deleted = oneEvent(element, 'ec-domain-deleted');
    rowOf(element, 'delete-me.wtr.example').querySelector<HTMLButtonElement>('button[aria-label="Delete delete-me.wtr.example"]')!.click();
    await waitUntil(() => dialog(element), 'the confirmation opens');
    button(dialog(element)!, 'Delete').click();
    expect((await deleted).detail).to.deep.equal({ ids: [id], domains: ['delete-me.wtr.example'] });
    await waitUntil(() => !domains(element).includes('delete-me.wtr.example'), 'the row goes');
  });

  it('the console row action asks the host for the domain console with ec-navigate', async () => {
    const element = await list();
    const id = await siteId('shop.example.com');
    const navigate = oneEvent(element, 'ec-navigate');
    rowOf(element, 'shop.example.com').querySelector<HTMLButtonElement>('button[aria-label="Open the console of shop.example.com"]')!.click();
    expect((await navigate).detail).to.deep.equal({
      route: 'cloud-speed-new-speed-network-domain-acceleration-console-id',
      params: { id },
      path: `/cloud-speed/speed-network/domain-acceleration/console/${id}`,
    });
    const old = await list(html`<ec-domain-list lang="en-US" layout="old"></ec-domain-list>`);
    const oldNavigate = oneEvent(old, 'ec-navigate');
    rowOf(old, 'shop.example.com').querySelector<HTMLButtonElement>('button[aria-label="Open the console of shop.example.com"]')!.click();
    expect((await oldNavigate).detail.route).to.equal('cloud-speed-old-console-id');
  });

  it('edits the remark with the rules §5 message for 4-32 characters, then saves and sends ec-domain-updated', async () => {
    const element = await list();
    rowOf(element, 'm.example.com').querySelector<HTMLButtonElement>('button[aria-label="Edit m.example.com"]')!.click();
    await waitUntil(() => dialog(element), 'the edit dialog opens');
    const remark = field(shadow(element), 'Remark');
    typeText(remark, 'abc');
    button(dialog(element)!, 'Save').click();
    await waitUntil(() => dialog(element)!.textContent!.includes('Enter 4-32 characters'), 'the remark message');
    typeText(field(shadow(element), 'Remark'), 'Mobile streams');
    const updated = oneEvent(element, 'ec-domain-updated');
    button(dialog(element)!, 'Save').click();
    expect((await updated).detail.id).to.equal(await siteId('m.example.com'));
    await waitUntil(() => rowOf(element, 'm.example.com').textContent!.includes('Mobile streams'), 'the row shows the remark');
  });

  it('shows the plan notice and disables adding when the plan does not include domain_add (shell §6)', async () => {
    currentUser.value = { ...currentUser.value!, flag: 1 };
    const restore = injectFault(/member\.plan\.actions/, () =>
      envelope({ actions: [], package_allow: { https: false, domain_proxy_conf: false, cloud_waf: { waf_mode: [] }, waf_block_diy_page: { type: [] } } }),
    );
    try {
      const element = await list();
      await waitUntil(() => shadow(element).querySelector('.ec-plan-notice'), 'the plan notice');
      expect(button(shadow(element), 'Add domain').disabled).to.equal(true);
      const navigate = oneEvent(element, 'ec-navigate');
      button(shadow(element).querySelector('.ec-plan-notice')!, 'Upgrade plan').click();
      expect((await navigate).detail.route).to.equal('cloud-speed-new-domain-management-packages');
    } finally {
      restore();
    }
  });

  it('renders in Chinese and follows the lang attribute', async () => {
    const element = await list(html`<ec-domain-list lang="zh-CN"></ec-domain-list>`);
    expect(shadow(element).textContent).to.contain('服务中').and.contain('审核未通过').and.contain('访问者将收到 503');
    element.setAttribute('lang', 'en-US');
    await waitUntil(() => shadow(element).textContent!.includes('Serving'), 'English');
  });

  it('is accessible in both languages (axe)', async () => {
    for (const lang of ['zh-CN', 'en-US']) {
      const element = await list(html`<ec-domain-list lang=${lang}></ec-domain-list>`);
      await expect(element).to.be.accessible();
    }
  });

  it('shows the loading state, then the error state with a retry, and recovers', async () => {
    const restore = injectFault(/website\.list/, () => new Promise((resolve) => setTimeout(() => resolve(new Response('upstream down', { status: 502 })), 300)));
    let element: HTMLElement;
    try {
      element = await fixture<HTMLElement>(html`<ec-domain-list lang="en-US"></ec-domain-list>`);
      await waitUntil(() => shadow(element).querySelector('[part="loading-state"]'), 'the loading state');
      await settled(element);
      expect(shadow(element).querySelector('[part="error-state"]')!.textContent).to.contain('Data loading failed');
    } finally {
      restore();
    }
    button(shadow(element!), 'Retry').click();
    await waitUntil(() => rows(element!).length > 0, 'retry loads the list');
  });

  it('shows the empty state, worded for filters when filters are set', async () => {
    const restore = injectFault(/website\.list/, () => envelope({ list: [], total: 0 }));
    try {
      const element = await list();
      expect(shadow(element).querySelector('[part="empty-state"]')!.textContent).to.contain('No websites yet');
    } finally {
      restore();
    }
    const element = await list();
    typeText(shadow(element).querySelector<HTMLInputElement>('[part="search"] input')!, 'no-such-site');
    await waitUntil(() => shadow(element).querySelector('[part="empty-state"]')?.textContent?.includes('No website matches the filters.'), 'filtered empty');
  });

  it('takes page-size from shell §9 and falls back to 10 otherwise', async () => {
    const calls = watchCalls();
    try {
      const element = await list(html`<ec-domain-list lang="en-US" page-size="20"></ec-domain-list>`);
      expect(calls.lastQuery(/website\.list/).get('per_page')).to.equal('20');
      element.setAttribute('page-size', '50');
      await waitUntil(() => calls.lastQuery(/website\.list/).get('per_page') === '50', 'a changed attribute applies');
      await list(html`<ec-domain-list lang="en-US" page-size="7"></ec-domain-list>`);
      expect(calls.lastQuery(/website\.list/).get('per_page')).to.equal('10');
    } finally {
      calls.restore();
    }
  });
});
