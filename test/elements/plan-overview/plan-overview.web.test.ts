import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/plan-overview/element.js';
import { signInAsDemoParent } from '../../helpers/api-session.js';
import { clearSession, currentUser } from '../../../core/session/session.js';

const shadow = (element: Element) => element.shadowRoot!;

async function rendered(markup: ReturnType<typeof html>): Promise<HTMLElement> {
  const element = await fixture<HTMLElement>(markup);
  await waitUntil(
    () => shadow(element).querySelector('.ec-plan-card, [part="error-state"], [part="empty-state"]'),
    'the overview settles',
    { timeout: 5000 },
  );
  return element;
}

/** Fault injection (DESIGN §5): answers matching calls with `answer`, passes the rest to the real server. */
function injectFault(match: RegExp, answer: () => Response): () => void {
  const realFetch = window.fetch;
  window.fetch = (input, init) => (match.test(String(input)) ? Promise.resolve(answer()) : realFetch(input, init));
  return () => {
    window.fetch = realFetch;
  };
}

describe('<ec-plan-overview> (shell §3 plan info, §6 plan gating)', () => {
  before(async () => {
    await signInAsDemoParent();
  });

  it('issue 17: added before the page has a session, it says so in both languages, calls nothing, and starts when the token arrives', async () => {
    const { token } = await signInAsDemoParent();
    clearSession();
    const calls: string[] = [];
    const realFetch = window.fetch;
    window.fetch = (input, init) => {
      calls.push(String(input));
      return realFetch(input, init);
    };
    try {
      const en = await fixture<HTMLElement>(html`<ec-plan-overview lang="en-US"></ec-plan-overview>`);
      const zh = await fixture<HTMLElement>(html`<ec-plan-overview lang="zh-CN"></ec-plan-overview>`);
      await waitUntil(() => shadow(en).querySelector('[part="signed-out"]') && shadow(zh).querySelector('[part="signed-out"]'), 'both wait for a session');
      expect(shadow(en).querySelector('[part="signed-out"]')!.textContent).to.equal('Sign in to see this content.');
      expect(shadow(zh).querySelector('[part="signed-out"]')!.textContent).to.equal('登录后即可查看此内容。');
      expect(calls.filter((url) => url.includes('/api/') && !url.includes('locales')), 'no API call without a session').to.deep.equal([]);
      (en as HTMLElement & { token: string }).token = token;
      await waitUntil(() => shadow(en).querySelector('.ec-plan-card'), 'the plans load once the token is set', { timeout: 10000 });
      await waitUntil(() => shadow(zh).querySelector('.ec-plan-card'), 'every element on the page shares the session', { timeout: 10000 });
      expect(shadow(en).querySelector('[part="signed-out"]')).to.equal(null);
    } finally {
      window.fetch = realFetch;
      await signInAsDemoParent();
    }
  });

  it('shows each plan with level, expiry and domain usage used/total from the reference server', async () => {
    const element = await rendered(html`<ec-plan-overview lang="en-US"></ec-plan-overview>`);
    const card = shadow(element).querySelector('.ec-plan-card')!;
    expect(card.querySelector('h2')!.textContent).to.not.equal('');
    expect(card.textContent).to.match(/Domains used/);
    expect(card.textContent).to.match(/\d+ of \d+/);
    expect(shadow(element).querySelector('[role="progressbar"]')).to.not.equal(null);
  });

  it('lists plan-gated features; a missing one links to the upgrade page for online users (flag 1) via ec-navigate', async () => {
    currentUser.value = { ...currentUser.value!, flag: 1 };
    const element = await rendered(html`<ec-plan-overview lang="en-US"></ec-plan-overview>`);
    const rows = Array.from(shadow(element).querySelectorAll('.ec-plan-features tbody tr'));
    expect(rows.length).to.equal(13);
    const missing = rows.find((row) => row.textContent!.includes('Not included'));
    expect(missing, 'the demo plan leaves at least one feature out').to.not.equal(undefined);
    const button = missing!.querySelector('button')!;
    expect(button.textContent).to.equal('Upgrade plan');
    const navigate = oneEvent(element, 'ec-navigate');
    button.click();
    expect((await navigate).detail.route).to.be.a('string').and.not.equal('');
  });

  it('offers a work order instead when the user is not on the online edition', async () => {
    currentUser.value = { ...currentUser.value!, flag: 2 };
    const element = await rendered(html`<ec-plan-overview lang="en-US"></ec-plan-overview>`);
    const labels = Array.from(shadow(element).querySelectorAll('.ec-plan-features button')).map((button) => button.textContent);
    expect(labels).to.include('Submit a work order');
    expect(labels).to.not.include('Upgrade plan');
  });

  it('view="compact" hides the feature table', async () => {
    const element = await rendered(html`<ec-plan-overview lang="en-US" view="compact"></ec-plan-overview>`);
    expect(shadow(element).querySelector('.ec-plan-features')).to.equal(null);
  });

  it('renders in Chinese by default and follows the lang attribute', async () => {
    const element = await rendered(html`<ec-plan-overview lang="zh-CN"></ec-plan-overview>`);
    expect(shadow(element).textContent).to.contain('已用域名');
    element.setAttribute('lang', 'en-US');
    await waitUntil(() => shadow(element).textContent!.includes('Domains used'));
  });

  it('is accessible in both languages (axe)', async () => {
    for (const lang of ['zh-CN', 'en-US']) {
      const element = await rendered(html`<ec-plan-overview lang=${lang}></ec-plan-overview>`);
      await expect(element).to.be.accessible();
    }
  });

  it('shows the error state with a retry when loading fails, and recovers', async () => {
    const restore = injectFault(/member\.product\.plan/, () => new Response('upstream down', { status: 502 }));
    let element: HTMLElement;
    try {
      element = await rendered(html`<ec-plan-overview lang="en-US"></ec-plan-overview>`);
      const alert = shadow(element).querySelector('[part="error-state"]')!;
      expect(alert.getAttribute('role')).to.equal('alert');
      expect(alert.textContent).to.contain('Data loading failed');
    } finally {
      restore();
    }
    shadow(element!).querySelector<HTMLButtonElement>('[part="error-state"] button')!.click();
    await waitUntil(() => shadow(element!).querySelector('.ec-plan-card'), 'retry loads the plans');
  });

  it('shows the empty state when the account has no plan', async () => {
    const restore = injectFault(/member\.product\.plan/, () =>
      new Response(JSON.stringify({ status: { code: 1, message: '' }, data: { plans: [] } }), { status: 200 }),
    );
    try {
      const element = await rendered(html`<ec-plan-overview lang="en-US"></ec-plan-overview>`);
      expect(shadow(element).querySelector('[part="empty-state"]')!.textContent).to.contain('No plan yet');
    } finally {
      restore();
    }
  });
});
