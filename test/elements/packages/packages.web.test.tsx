/**
 * `<ec-packages>` against the reference server (shell §2 packages, §3 plan info; rules §4 billing method change and
 * trial packages, §8 message, §9 increase packages): the plans with version, expiry, usage and increase packages;
 * renew, expand and billing change through the job runner with live progress; bad input refused with the rules
 * messages and nothing typed lost; the trial refusal; sub-accounts read-only; loading, empty and error states; both
 * languages; axe.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/packages/element.js';
import { signInAsDemoChild, signInAsDemoParent } from '../../helpers/api-session.js';
import { setDemoPlanLevel } from '../../helpers/demo-plan.js';

const shadow = (element: Element) => element.shadowRoot!;
const $ = <T extends Element = HTMLElement>(element: Element, selector: string) => shadow(element).querySelector<T>(selector);
const text = (element: Element, selector: string) => $(element, selector)?.textContent ?? '';

function type(field: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

async function mounted(lang: 'en-US' | 'zh-CN' = 'en-US'): Promise<HTMLElement> {
  const element = await fixture<HTMLElement>(html`<ec-packages lang=${lang}></ec-packages>`);
  await waitUntil(() => $(element, '.ec-plan-card, [part="error-state"], [part="empty-state"]'), 'the page settles', { timeout: 8000 });
  return element;
}

function button(element: Element, label: RegExp): HTMLButtonElement {
  const found = [...shadow(element).querySelectorAll<HTMLButtonElement>('[part="actions"] button')].find((candidate) => label.test(candidate.textContent ?? ''));
  if (!found) throw new Error(`no button ${label}`);
  return found;
}

const dialogInput = (element: Element) => $<HTMLInputElement>(element, '[part="change-dialog"] input')!;
const submitDialog = (element: Element) => $<HTMLButtonElement>(element, '.p-dialog button[type="submit"]')!.click();

/** Fault injection (DESIGN §5): answers matching calls with `answer`, passes the rest to the real server. */
function injectFault(match: RegExp, answer: () => Response): () => void {
  const realFetch = window.fetch;
  window.fetch = (input, init) => (match.test(String(input)) ? Promise.resolve(answer()) : realFetch(input, init));
  return () => {
    window.fetch = realFetch;
  };
}

describe('<ec-packages> (shell §3 plan info; rules §4, §8, §9)', () => {
  before(async () => {
    await signInAsDemoParent();
  });

  describe('the owner on a business plan', () => {
    // Mounted by hand: fixture() removes its element after each test, and these tests follow one page.
    const element = document.createElement('ec-packages');
    before(async () => {
      element.setAttribute('lang', 'en-US');
      document.body.append(element);
      await waitUntil(() => $(element, '.ec-plan-card'), 'the page settles', { timeout: 8000 });
    });
    after(() => element.remove());

    it('shows each plan with version, expiry, usage used/total, increase packages and billing method; axe', async () => {
      const card = $(element, '.ec-plan-card')!;
      expect(card.textContent).to.contain('Business');
      expect(card.textContent).to.match(/Expires/);
      expect(card.textContent).to.match(/\d+ of \d+ · [\d.]+%/);
      expect(card.textContent).to.contain('0 (+0 businesses)');
      expect(card.textContent).to.contain('By traffic');
      expect(shadow(element).querySelector('[part="readonly-notice"]')).to.equal(null);
      await expect(element).to.be.accessible();
    });

    it('rules §9: expanding refuses a bad count (text kept), then buys 2 packages (+20 businesses) through a job with live progress', async () => {
      const before = text(element, '.ec-plan-card');
      const total = Number(/\d+ of (\d+)/.exec(before)![1]);
      button(element, /^Expand$/).click();
      await waitUntil(() => $(element, '[part="change-dialog"]'), 'the dialog opens');
      expect(text(element, '.p-dialog')).to.contain('Each increase package adds 10 businesses');
      type(dialogInput(element), '0');
      submitDialog(element);
      await waitUntil(() => text(element, '.p-dialog [role="alert"]').includes('Enter a whole number from 1 to 100'), 'the range message shows');
      expect(dialogInput(element).value, 'nothing typed is lost').to.equal('0');
      type(dialogInput(element), '2');
      await waitUntil(() => text(element, '.p-dialog').includes('20 more businesses'), 'the hint counts the businesses');
      const started = oneEvent(element, 'ec-package-change-started');
      submitDialog(element);
      const { detail } = await started;
      expect(detail.change).to.deep.include({ kind: 'expand', packs: 2 });
      await waitUntil(() => text(element, '[part="change-status"]').includes('Expansion complete.'), 'the job finishes live', { timeout: 30_000 });
      await waitUntil(() => text(element, '.ec-plan-card').includes('2 (+20 businesses)'), 'the plan is read again');
      expect(text(element, '.ec-plan-card')).to.contain(`of ${total + 20}`);
    });

    it('renewing refuses a non-number with the rules message, then renews through a job', async () => {
      button(element, /^Renew$/).click();
      await waitUntil(() => $(element, '[part="change-dialog"]'), 'the dialog opens');
      type(dialogInput(element), 'abc');
      submitDialog(element);
      await waitUntil(() => text(element, '.p-dialog [role="alert"]').includes('Enter a whole number from 1 to 36'), 'the range message shows');
      type(dialogInput(element), '3');
      submitDialog(element);
      await waitUntil(() => text(element, '[part="change-status"]').includes('Renewal complete.'), 'the renewal finishes', { timeout: 10000 });
    });

    it('rules §4: a billing method change waits for 00:00 (UTC+8) on the 1st of next month and locks the button until then', async () => {
      button(element, /^Change billing$/).click();
      await waitUntil(() => $(element, '[part="change-dialog"]'), 'the dialog opens');
      expect(text(element, '.p-dialog')).to.match(/Takes effect at \d{4}-\d{2}-01 00:00:00 \(UTC\+8\)/);
      submitDialog(element);
      await waitUntil(() => $(element, '[part="billing-pending"]'), 'the pending change shows', { timeout: 10000 });
      expect(text(element, '[part="billing-pending"]')).to.match(/changes to By peak bandwidth at \d{4}-\d{2}-01 00:00:00/);
      expect(text(element, '[part="billing-locked"]')).to.equal(
        'The billing change takes effect at 00:00 (UTC+8) on the 1st of next month and cannot be changed until then',
      );
      expect(button(element, /^Change billing$/).disabled).to.equal(true);
    });
  });

  describe('security module layout (shell §2 `meal`, `meal/{id}` listing its businesses, each opening `business/{id}`)', () => {
    it('the package list links each package to its detail; the plan in force says so; axe', async () => {
      const element = await fixture<HTMLElement>(html`<ec-packages lang="en-US" layout="security" route-mode="history"></ec-packages>`);
      await waitUntil(() => $(element, '.ec-plan-card'), 'the page settles', { timeout: 8000 });
      const link = $<HTMLAnchorElement>(element, '.ec-plan-card [part="link"]')!;
      expect(link.textContent).to.contain('Businesses');
      expect(link.getAttribute('href')).to.match(/\/console\/security\/meal\/\d+$/);
      expect(text(element, '[part="in-force"]')).to.equal('In force');
      await expect(element).to.be.accessible();
    });

    it('a package in force lists its businesses (search, status, link to business/{id}); both languages; axe', async () => {
      const list = await fixture<HTMLElement>(html`<ec-packages lang="en-US"></ec-packages>`);
      await waitUntil(() => $(list, '.ec-plan-card'), 'the plans load', { timeout: 8000 });
      const planId = Number(/\/meal\/(\d+)/.exec((await (async () => {
        const meal = await fixture<HTMLElement>(html`<ec-packages lang="en-US" layout="security" route-mode="history"></ec-packages>`);
        await waitUntil(() => $(meal, '[part="in-force"]'), 'the plan in force is marked', { timeout: 8000 });
        return $(meal, '[part="in-force"]')!.closest('.ec-plan-card')!.querySelector('[part="link"]')!.getAttribute('href')!;
      })()))![1]);
      for (const [lang, manage, heading] of [['en-US', 'Manage', 'Businesses'], ['zh-CN', '管理', '业务列表']] as const) {
        const element = await fixture<HTMLElement>(html`<ec-packages lang=${lang} layout="security" plan-id=${planId} route-mode="history"></ec-packages>`);
        await waitUntil(() => $(element, '[part="businesses"] tbody tr'), 'the businesses are listed', { timeout: 10000 });
        expect(text(element, '#plan-businesses-title')).to.equal(heading);
        const row = $(element, '[part="businesses"] tbody tr')!;
        const manageLink = row.querySelector<HTMLAnchorElement>('[part="link"]')!;
        expect(manageLink.textContent).to.equal(manage);
        expect(manageLink.getAttribute('href')).to.match(/\/console\/security\/business\/\d+\/applicationAcceleration$/);
        expect(row.querySelector('.p-tag, [part="status"]'), 'a service status tag').to.not.equal(null);
        await expect(element).to.be.accessible();
      }
    });

    it('a package that is not in force lists no business and names the one in force', async () => {
      let restore = () => undefined as void;
      const realFetch = window.fetch;
      window.fetch = async (input, init) => {
        const answer = await realFetch(input, init);
        if (!/member\.package\.list/.test(String(input))) return answer;
        const body = await answer.json();
        const first = body.data.list[0];
        body.data.list = [{ ...first, id: 999001, plan_name: 'Old plan', in_force: false }, ...body.data.list];
        return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      };
      restore = () => {
        window.fetch = realFetch;
      };
      try {
        const element = await fixture<HTMLElement>(html`<ec-packages lang="en-US" layout="security" plan-id="999001"></ec-packages>`);
        await waitUntil(() => $(element, '[part="empty-state"]'), 'the businesses say why there are none', { timeout: 8000 });
        expect(text(element, '[part="empty-state"]')).to.match(/not the one in force: the account's businesses are served under .+\./);
        expect($(element, '[part="businesses"]')).to.equal(null);
      } finally {
        restore();
      }
    });
  });

  it('zh_CN: the same page in Chinese; axe', async () => {
    const element = await mounted('zh-CN');
    const card = text(element, '.ec-plan-card');
    expect(card).to.contain('商务版');
    expect(card).to.contain('个业务');
    expect(card).to.contain('按流量');
    expect(card).to.match(/\d+ \/ \d+ · [\d.]+%/);
    expect(button(element, /^扩容$/)).to.not.equal(null);
    await expect(element).to.be.accessible();
  });

  it('rules §4, §8: a trial package offers no renewal or expansion and says why with the work-order link (both languages)', async () => {
    const previous = await setDemoPlanLevel('trial');
    try {
      const en = await mounted('en-US');
      expect(text(en, '[part="plan-notice"]')).to.contain('The trial package does not support increase or renewal');
      expect($(en, '[part="plan-notice"] [part="link"]')!.textContent).to.equal('Submit a work order');
      expect([...shadow(en).querySelectorAll('[part="actions"] button')].map((node) => node.textContent)).to.deep.equal(['Change billing']);
      const navigated = oneEvent(en, 'ec-navigate');
      $<HTMLElement>(en, '[part="plan-notice"] [part="link"]')!.click();
      expect((await navigated).detail).to.deep.include({ route: 'cloud-speed-new-domain-management-work-order-create-feature', params: { feature: 'domain_expand' } });
      const zh = await mounted('zh-CN');
      expect(text(zh, '[part="plan-notice"]')).to.contain('体验版套餐不支持增购或续费');
      await expect(en).to.be.accessible();
    } finally {
      await setDemoPlanLevel(previous);
    }
  });

  it('a refused change keeps the dialog and shows the plan notice (the plan became trial after the page loaded)', async () => {
    const element = await mounted('en-US');
    const previous = await setDemoPlanLevel('trial');
    try {
      button(element, /^Expand$/).click();
      await waitUntil(() => $(element, '[part="change-dialog"]'), 'the dialog opens');
      type(dialogInput(element), '1');
      submitDialog(element);
      await waitUntil(() => $(element, '.p-dialog [part="plan-notice"]'), 'the server refusal shows as a plan notice');
      expect(text(element, '.p-dialog [part="plan-notice"]')).to.contain('The trial package does not support increase or renewal');
      expect($(element, '.p-dialog [part="plan-notice"] [part="link"]')).to.not.equal(null);
      expect(dialogInput(element).value).to.equal('1');
    } finally {
      await setDemoPlanLevel(previous);
    }
  });

  it('shell §6: a sub-account sees the plans read-only and is told why (both languages)', async () => {
    await signInAsDemoChild();
    try {
      const en = await mounted('en-US');
      expect(text(en, '[part="readonly-notice"]')).to.contain('Only the main account can renew, expand or change billing');
      expect(shadow(en).querySelector('[part="actions"]')).to.equal(null);
      const zh = await mounted('zh-CN');
      expect(text(zh, '[part="readonly-notice"]')).to.contain('仅主账号可以续费');
      await expect(en).to.be.accessible();
    } finally {
      await signInAsDemoParent();
    }
  });

  it('loading, empty and error states in both languages; the error state retries', async () => {
    let restore = injectFault(/member\.package\.list/, () => new Response('oops', { status: 500 }));
    try {
      const element = await mounted('en-US');
      expect(text(element, '[part="error-state"]')).to.contain('Your plans could not be loaded');
      const zh = await mounted('zh-CN');
      expect(text(zh, '[part="error-state"]')).to.contain('套餐加载失败');
      restore();
      restore = injectFault(/member\.package\.list/, () => new Response(JSON.stringify({ status: { code: 1, message: '' }, data: { list: [] } }), { headers: { 'content-type': 'application/json' } }));
      $<HTMLButtonElement>(element, '[part="error-state"] button')!.click();
      await waitUntil(() => $(element, '[part="empty-state"]'), 'the retry loads an empty list');
      expect(text(element, '[part="empty-state"]')).to.contain('No plan yet');
    } finally {
      restore();
    }
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const realFetch = window.fetch;
    window.fetch = async (input, init) => {
      if (/member\.package\.list/.test(String(input))) await held;
      return realFetch(input, init);
    };
    try {
      const element = await fixture<HTMLElement>(html`<ec-packages lang="zh-CN"></ec-packages>`);
      await waitUntil(() => $(element, '[part="loading-state"]'), 'the loading state shows');
      expect(text(element, '[part="loading-state"]')).to.contain('正在加载套餐');
      release();
      await waitUntil(() => $(element, '.ec-plan-card'), 'then the plans');
    } finally {
      window.fetch = realFetch;
    }
  });
});
