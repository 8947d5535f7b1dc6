/**
 * `<ec-domain-batch mode="add|delete|setting">` alone against the reference server (issue "Domains"; rules §5, §8,
 * §9): each mode's bad input with the spec's message, the per-row preview from the server's dry run, the submission
 * and the result summary with each website's reason, the events, both languages and axe.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/domain-batch/element.js';
import { discardDraft } from '../../../core/session/drafts.js';
import { currentUser } from '../../../core/session/session.js';
import { signInAsDemoParent } from '../../helpers/api-session.js';
import { choose, envelope, injectFault, shadow } from '../../helpers/list-element.js';
import { addServingSites, button, deleteSites, field, siteId, typeText } from '../../helpers/websites.js';

async function batch(mode: string, lang = 'en-US'): Promise<HTMLElement> {
  const element = await fixture<HTMLElement>(html`<ec-domain-batch lang=${lang} mode=${mode}></ec-domain-batch>`);
  await waitUntil(() => shadow(element).querySelector('[part="form"] button'), 'the form shows');
  return element;
}

const text = (element: HTMLElement) => shadow(element).textContent ?? '';
const outcomeRows = (element: HTMLElement, part: 'preview' | 'result') =>
  Array.from(shadow(element).querySelectorAll(`[part="${part}"] [part="outcome"] tbody tr`)).map((row) => row.textContent ?? '');

describe('<ec-domain-batch> (rules §5, §8, §9)', () => {
  before(async () => {
    await signInAsDemoParent();
  });
  beforeEach(() => discardDraft('domain-batch:add'));

  describe('mode="add"', () => {
    const ADDED = ['batch-a.wtr.example', 'batch-b.wtr.example'];
    after(async () => deleteSites(ADDED));

    it('checks the lines and the template before asking the server', async () => {
      const element = await batch('add');
      button(shadow(element), 'Preview').click();
      await waitUntil(() => text(element).includes('Cannot be empty') && text(element).includes('Please select a template'), 'empty form');
      typeText(field<HTMLTextAreaElement>(shadow(element), 'Domains, one per line'), 'ok.wtr.example\nnot a domain\nOK.wtr.example');
      await waitUntil(() => text(element).includes('Line 2 (not a domain): Domain format error'), 'the bad line');
      expect(text(element)).to.contain('Please check the duplicate domain');
      expect(shadow(element).querySelector('[part="preview"]')).to.equal(null);
    });

    it('previews each row (dry run), adds the websites without origins ("origin not set"), and sends ec-domain-added', async () => {
      const element = await batch('add');
      typeText(field<HTMLTextAreaElement>(shadow(element), 'Domains, one per line'), [...ADDED, 'shop.example.com'].join('\n'));
      await choose(element, 'Template', 'Static assets');
      button(shadow(element), 'Preview').click();
      await waitUntil(() => shadow(element).querySelector('[part="preview"]'), 'the preview');
      const preview = outcomeRows(element, 'preview');
      expect(preview[0]).to.contain('batch-a.wtr.example').and.contain('Will be added');
      expect(preview[2]).to.contain('shop.example.com').and.contain('This website has already been added');
      const added = oneEvent(element, 'ec-domain-added');
      button(shadow(element), 'Add 2 websites').click();
      expect((await added).detail.domains).to.deep.equal(ADDED);
      await waitUntil(() => shadow(element).querySelector('[part="result"]'), 'the result');
      expect(text(element)).to.contain('2 succeeded').and.contain('1 failed');
      const navigate = oneEvent(element, 'ec-navigate');
      button(shadow(element), 'Back to the list').click();
      expect((await navigate).detail.route).to.equal('cloud-speed-new-domain-management-domain-list');
    });

    it('goes back from the preview to the form with everything still typed', async () => {
      const element = await batch('add');
      typeText(field<HTMLTextAreaElement>(shadow(element), 'Domains, one per line'), 'back.wtr.example');
      await choose(element, 'Template', 'Standard website');
      button(shadow(element), 'Preview').click();
      await waitUntil(() => shadow(element).querySelector('[part="preview"]'), 'the preview');
      button(shadow(element), 'Back to edit').click();
      await waitUntil(() => !shadow(element).querySelector<HTMLElement>('[part="form"]')!.hidden, 'the form again');
      expect(field<HTMLTextAreaElement>(shadow(element), 'Domains, one per line').value).to.equal('back.wtr.example');
    });
  });

  describe('mode="delete"', () => {
    const DOOMED = ['doomed-1.wtr.example', 'doomed-2.wtr.example'];
    before(async () => {
      await addServingSites(DOOMED);
    });
    after(async () => deleteSites(DOOMED));

    it('refuses more than 500 lines with the rules §9 message', async () => {
      const element = await batch('delete');
      typeText(field<HTMLTextAreaElement>(shadow(element), 'Domains to delete, one per line'), Array.from({ length: 501 }, (_, i) => `d${i}.wtr.example`).join('\n'));
      button(shadow(element), 'Preview').click();
      await waitUntil(() => text(element).includes('Exceeded the maximum number of submissions at once (500)'), 'the limit');
    });

    it('previews found, not found and TCP-bound websites, deletes after a confirmation and summarises (rules §8)', async () => {
      const element = await batch('delete');
      typeText(field<HTMLTextAreaElement>(shadow(element), 'Domains to delete, one per line'), [...DOOMED, 'api.example.com', 'nowhere.wtr.example'].join('\n'));
      button(shadow(element), 'Preview').click();
      await waitUntil(() => shadow(element).querySelector('[part="preview"]'), 'the preview');
      const preview = outcomeRows(element, 'preview').join('\n');
      expect(preview).to.contain('doomed-1.wtr.example').and.contain('Will be deleted');
      expect(preview).to.contain('Please unbind the TCP security acceleration package before deleting the domain');
      expect(preview).to.contain('nowhere.wtr.example').and.contain('Domain information not found');
      const ids = await Promise.all(DOOMED.map(siteId));
      button(shadow(element), 'Delete 2 websites').click();
      await waitUntil(() => shadow(element).querySelector('[part="dialog"]'), 'the confirmation');
      expect(shadow(element).querySelector('[part="dialog"]')!.textContent).to.contain('Delete 2 websites? This cannot be undone.');
      const deleted = oneEvent(element, 'ec-domain-deleted');
      button(shadow(element).querySelector('[part="dialog"]')!, 'Delete 2 websites').click();
      expect((await deleted).detail).to.deep.equal({ ids, domains: DOOMED });
      await waitUntil(() => shadow(element).querySelector('[part="result"]'), 'the result');
      expect(text(element)).to.contain('2 succeeded').and.contain('2 failed');
    });
  });

  describe('mode="setting"', () => {
    it('needs a configuration and a website; unapproved sites and sites without origin cannot be picked, with the spec message', async () => {
      const element = await batch('setting');
      await waitUntil(() => shadow(element).querySelector('[part="picker"] li'), 'the picker');
      const blog = Array.from(shadow(element).querySelectorAll('[part="picker"] li')).find((li) => li.textContent?.includes('blog.example.org'))!;
      expect(blog.querySelector('input')!.disabled).to.equal(true);
      expect(blog.textContent).to.contain('Cannot perform batch configuration: the website failed approval or has no origin');
      const mobile = Array.from(shadow(element).querySelectorAll('[part="picker"] li')).find((li) => li.textContent?.includes('m.example.com'))!;
      expect(mobile.querySelector('input')!.disabled).to.equal(true);
      button(shadow(element), 'Preview').click();
      await waitUntil(() => text(element).includes('Select at least one configuration') && text(element).includes('Please select a domain'), 'both messages');
    });

    it('checks the origin timeout (rules §5: 1-300 s), previews, applies and sends ec-domain-settings-applied', async () => {
      const element = await batch('setting');
      await waitUntil(() => shadow(element).querySelector('[part="picker"] li'), 'the picker');
      field(shadow(element), 'Origin timeout (seconds)').click();
      await waitUntil(() => shadow(element).querySelector('input[aria-label="Origin timeout (seconds)"]'), 'the timeout field');
      const timeout = shadow(element).querySelector<HTMLInputElement>('input[aria-label="Origin timeout (seconds)"]')!;
      typeText(timeout, '301');
      const shop = Array.from(shadow(element).querySelectorAll('[part="picker"] li')).find((li) => li.textContent?.includes('shop.example.com'))!;
      shop.querySelector<HTMLInputElement>('input')!.click();
      button(shadow(element), 'Preview').click();
      await waitUntil(() => text(element).includes('The origin timeout must be 1-300 seconds'), 'the range message');
      typeText(timeout, '45');
      button(shadow(element), 'Preview').click();
      await waitUntil(() => shadow(element).querySelector('[part="preview"]'), 'the preview');
      expect(outcomeRows(element, 'preview')[0]).to.contain('shop.example.com').and.contain('Will be updated');
      const applied = oneEvent(element, 'ec-domain-settings-applied');
      button(shadow(element), 'Apply to 1 website').click();
      expect((await applied).detail.ids).to.deep.equal([await siteId('shop.example.com')]);
      await waitUntil(() => shadow(element).querySelector('[part="result"]'), 'the result');
      expect(outcomeRows(element, 'result')[0]).to.contain('Updated').and.contain('Update in progress');
    });

    it('offers WebSocket only where the plan includes it, with the notice otherwise (rules §6)', async () => {
      currentUser.value = { ...currentUser.value!, flag: 2 };
      const restore = injectFault(/member\.plan\.actions/, () =>
        envelope({ actions: ['domain_add'], package_allow: { https: true, domain_proxy_conf: false, cloud_waf: { waf_mode: [] }, waf_block_diy_page: { type: [] } } }),
      );
      try {
        const element = await batch('setting');
        await waitUntil(() => text(element).includes('WebSocket is not included in your plan'), 'the notice');
        expect(button(shadow(element), 'Submit a work order')).to.exist;
      } finally {
        restore();
      }
    });
  });

  it('renders in Chinese', async () => {
    const element = await batch('delete', 'zh-CN');
    expect(text(element)).to.contain('批量删除网站').and.contain('要删除的域名（每行一个）');
  });

  it('is accessible in both languages, in every mode (axe)', async () => {
    for (const lang of ['zh-CN', 'en-US']) {
      for (const mode of ['add', 'delete', 'setting']) {
        const element = await batch(mode, lang);
        if (mode === 'setting') await waitUntil(() => shadow(element).querySelector('[part="picker"] li'), 'the picker');
        await expect(element).to.be.accessible();
      }
    }
  });
});
