import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { createApiClient } from '../../../core/api/client.js';
import { listOutbox, getOutboxMail } from '../../../core/api/endpoints/mail.js';
import { saveLoginTime } from '../../../core/api/endpoints/user-center.js';
import { sessionToken } from '../../../core/session/session.js';
import '../../../elements/user-center/element.js';
import { DEMO_PARENT_EMAIL } from '../../../demo/server/platform/demo-accounts.js';
import { signInAsDemoChild, signInAsDemoParent } from '../../helpers/api-session.js';
import { shadow, typeInto } from '../../helpers/list-element.js';

/**
 * `<ec-user-center>` against the real reference server (issue 27; rules §5, §6, §8). The tests leave the demo accounts
 * able to sign in as before: no password change, no whitelist, secondary verification off, login time restored.
 */
const client = createApiClient({ base: '/api', getToken: () => sessionToken.value, getLanguage: () => 'en_US', notify: () => undefined });

async function userCenter(view: string, lang = 'en-US'): Promise<HTMLElement> {
  const element = await fixture<HTMLElement>(html`<ec-user-center view=${view} lang=${lang}></ec-user-center>`);
  await waitUntil(() => shadow(element).querySelector('.ec-uc-section') && !shadow(element).querySelector('[part="loading-state"]'), 'the page loads', { timeout: 5000 });
  return element;
}

function button(element: HTMLElement, text: string): HTMLButtonElement {
  const found = Array.from(shadow(element).querySelectorAll<HTMLButtonElement>('button')).find((candidate) => candidate.textContent?.trim() === text);
  if (!found) throw new Error(`no button "${text}"`);
  return found;
}

function input(element: HTMLElement, id: string): HTMLInputElement {
  return shadow(element).getElementById(id) as HTMLInputElement;
}

function errorOf(element: HTMLElement, id: string): string {
  return shadow(element).getElementById(`${id}-error`)?.textContent ?? '';
}

/** React's own setter, so the change reaches the component (as typeInto does for inputs). */
function typeIntoArea(area: HTMLTextAreaElement, text: string): void {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, text);
  area.dispatchEvent(new Event('input', { bubbles: true }));
}

function alerts(element: HTMLElement): string {
  return Array.from(shadow(element).querySelectorAll('[role="alert"], [role="status"]')).map((node) => node.textContent).join(' | ');
}

describe('<ec-user-center> (issue 27; rules §5, §6, §8)', () => {
  before(async () => {
    await signInAsDemoParent();
  });

  it('basic: binds the mailbox with the code read from the outbox; send again only after the countdown (rules §8)', async () => {
    const element = await userCenter('basic');
    expect(shadow(element).textContent).to.include(DEMO_PARENT_EMAIL);
    expect(shadow(element).textContent).to.include('The mailbox is not verified and cannot receive messages');
    button(element, 'Bind').click();
    await waitUntil(() => errorOf(element, 'uc-email'), 'the email message');
    expect(errorOf(element, 'uc-email')).to.equal('Please enter the email address');
    typeInto(input(element, 'uc-email'), 'not-a-mailbox');
    button(element, 'Send code').click();
    await waitUntil(() => errorOf(element, 'uc-email') === 'Incorrect email address', 'the format message');
    typeInto(input(element, 'uc-email'), DEMO_PARENT_EMAIL);
    button(element, 'Send code').click();
    await waitUntil(() => /Send again in \d+ s/.test(shadow(element).textContent ?? ''), 'the countdown');
    const countdown = Array.from(shadow(element).querySelectorAll('button')).find((node) => /Send again in/.test(node.textContent ?? ''))!;
    expect(countdown.disabled).to.equal(true);
    typeInto(input(element, 'uc-code'), '12');
    button(element, 'Bind').click();
    await waitUntil(() => errorOf(element, 'uc-code'), 'the code message');
    expect(errorOf(element, 'uc-code')).to.equal('The verification code has 6 digits');
    const mails = await listOutbox(client, { to: DEMO_PARENT_EMAIL });
    const mail = await getOutboxMail(client, mails.list[0]!.id);
    expect(mail.subject).to.equal('Verification code to bind your mailbox');
    const code = /(\d{6})/.exec(mail.text)![1]!;
    typeInto(input(element, 'uc-code'), code);
    const saved = oneEvent(element, 'ec-user-security-saved');
    button(element, 'Bind').click();
    expect((await saved).detail).to.deep.equal({ setting: 'mailbox' });
    await waitUntil(() => (shadow(element).textContent ?? '').includes('Verified'), 'the verified tag');
    expect(alerts(element)).to.include('The mailbox is bound and verified');
  });

  it('password: rules §5 messages in the browser, the wrong current password from the server, nothing typed lost', async () => {
    const element = await userCenter('password');
    button(element, 'Change password').click();
    await waitUntil(() => errorOf(element, 'uc-current'), 'messages');
    expect(errorOf(element, 'uc-current')).to.equal('Please enter the password');
    typeInto(input(element, 'uc-current'), 'Wrong#Pass1');
    typeInto(input(element, 'uc-new'), 'short');
    button(element, 'Change password').click();
    await waitUntil(() => errorOf(element, 'uc-new') === 'The password must have 8-20 characters', 'the length message');
    typeInto(input(element, 'uc-new'), 'alllowercase');
    button(element, 'Change password').click();
    await waitUntil(() => errorOf(element, 'uc-new').startsWith('The password must contain at least 3'), 'the classes message');
    expect(shadow(element).querySelector('[part="strength-meter"]')!.textContent).to.equal('Password strength: weak');
    typeInto(input(element, 'uc-new'), 'Better#2027');
    await waitUntil(() => shadow(element).querySelector('[part="strength-meter"]')!.textContent === 'Password strength: good', 'the meter (the shared part)');
    typeInto(input(element, 'uc-confirm'), 'Better#2028');
    button(element, 'Change password').click();
    await waitUntil(() => errorOf(element, 'uc-confirm') === 'The two password inputs are inconsistent', 'the confirmation message');
    typeInto(input(element, 'uc-confirm'), 'Better#2027');
    button(element, 'Change password').click();
    await waitUntil(() => errorOf(element, 'uc-current') === 'The current password is incorrect', 'the server refusal');
    expect(input(element, 'uc-new').value).to.equal('Better#2027');
  });

  it('safety: login time limits (rules §5) and a saved value; secondary verification needs a verified mailbox', async () => {
    const element = await userCenter('safety');
    expect(input(element, 'uc-time').value).to.equal('8');
    typeInto(input(element, 'uc-time'), '25');
    button(element, 'Save').click();
    await waitUntil(() => errorOf(element, 'uc-time'), 'the hours message');
    expect(errorOf(element, 'uc-time')).to.equal('Enter 1-24 hours');
    const unit = input(element, 'uc-unit') as unknown as HTMLSelectElement;
    unit.value = 'minute';
    unit.dispatchEvent(new Event('change', { bubbles: true }));
    typeInto(input(element, 'uc-time'), '14');
    button(element, 'Save').click();
    await waitUntil(() => errorOf(element, 'uc-time') === 'Enter 15-1440 minutes', 'the minutes message');
    typeInto(input(element, 'uc-time'), '90');
    button(element, 'Save').click();
    await waitUntil(() => alerts(element).includes('Login time saved'), 'saved');
    await saveLoginTime(client, { value: 8, unit: 'hour' });
  });

  it('ip-list: line-numbered address errors, the lock-out refusal naming the address in use', async () => {
    const element = await userCenter('ip-list');
    await waitUntil(() => shadow(element).querySelector('[part="checkbox-group"]'), 'the regions');
    expect(shadow(element).textContent).to.include('Your current address: 127.0.0.1');
    const ips = shadow(element).getElementById('uc-ips') as HTMLTextAreaElement;
    typeIntoArea(ips, '10.0.0.1\n10.1.2.3/8');
    button(element, 'Save whitelist').click();
    await waitUntil(() => errorOf(element, 'uc-ips'), 'the line message');
    expect(errorOf(element, 'uc-ips')).to.equal('Line 2: Host bits are set: write the block as 10.0.0.0/8');
    typeIntoArea(ips, '203.0.113.0/24\n2001:db8::/32');
    button(element, 'Save whitelist').click();
    await waitUntil(() => errorOf(element, 'uc-ips').includes('127.0.0.1'), 'the lock-out message');
    expect(errorOf(element, 'uc-ips')).to.include('does not include your current address 127.0.0.1');
  });

  it('login-log: the attempts of the account with result and region', async () => {
    const element = await userCenter('login-log');
    await waitUntil(() => shadow(element).querySelector('[part="table"] tbody tr'), 'rows');
    const first = shadow(element).querySelector('[part="table"] tbody tr')!;
    expect(first.textContent).to.include('Signed in');
    expect(first.textContent).to.include('127.0.0.1');
  });

  for (const lang of ['en-US', 'zh-CN']) {
    it(`is accessible in ${lang} (axe): every view`, async () => {
      for (const view of ['account-safe', 'login-log']) {
        const element = await userCenter(view, lang);
        if (view === 'login-log') await waitUntil(() => shadow(element).querySelector('[part="table"], [part="empty-state"]'), 'the log');
        await expect(element).to.be.accessible();
      }
    });
  }

  it('zh_CN: the messages are translated', async () => {
    const element = await userCenter('password', 'zh-CN');
    button(element, '修改密码').click();
    await waitUntil(() => errorOf(element, 'uc-current'), 'messages');
    expect(errorOf(element, 'uc-current')).to.equal('请输入密码');
  });

  it('a sub-account: its own account security, the account whitelist read-only (shell §6)', async () => {
    await signInAsDemoChild();
    const element = await userCenter('account-safe');
    expect(shadow(element).textContent).to.include('Sub-account');
    expect(shadow(element).textContent).to.include('The login whitelist is set by the main account for the whole account.');
    expect(Array.from(shadow(element).querySelectorAll('button')).some((node) => node.textContent === 'Save whitelist')).to.equal(false);
    expect(input(element, 'uc-current')).to.exist;
    await signInAsDemoParent();
  });
});
