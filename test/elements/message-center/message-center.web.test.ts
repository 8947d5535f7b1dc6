/**
 * `<ec-message-center>` against the real reference server (issue 27; shell §2 message center; rules §3 message and
 * contact, §4 mailbox, §5 contacts, §8 code countdown and unverified mailbox): the message list with its filters and
 * bulk actions, a message marked read on open, the announcements, the notification settings, contacts with the spec's
 * messages and the mailbox verification, both languages, the sub-account view and accessibility.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/message-center/element.js';
import { signInAsDemoChild, signInAsDemoParent } from '../../helpers/api-session.js';
import { choose, rows, settled, shadow, typeInto, watchCalls } from '../../helpers/list-element.js';

async function center(view: string, extra = '', lang = 'en-US'): Promise<HTMLElement> {
  const container = await fixture<HTMLElement>(html`<div></div>`);
  container.innerHTML = `<ec-message-center lang="${lang}" view="${view}" ${extra}></ec-message-center>`;
  return container.firstElementChild as HTMLElement;
}

function button(element: HTMLElement, text: string): HTMLButtonElement {
  const found = Array.from(shadow(element).querySelectorAll<HTMLButtonElement>('button')).find((candidate) => candidate.textContent?.trim() === text);
  if (!found) throw new Error(`no button "${text}"`);
  return found;
}

before(() => signInAsDemoParent());

describe('<ec-message-center> messages (rules §3, §5 checked list)', () => {

  it('lists the user\'s messages with title, type, channel, time and read state, in English and Chinese, accessibly', async () => {
    const element = await settled(await center('messages'));
    expect(shadow(element).querySelector('[part="table"] thead')!.textContent).to.equal('TitleTypeChannelTimeStatus');
    const titles = rows(element).map((row) => row.cells[1]!.textContent);
    expect(titles).to.include('CC attack mitigated on www.example.com');
    const attack = rows(element).find((row) => row.cells[1]!.textContent === 'CC attack mitigated on www.example.com')!;
    expect(attack.cells[2]!.textContent).to.equal('Security');
    expect(attack.cells[3]!.textContent).to.equal('Console');
    await expect(element).to.be.accessible();
    const zh = await settled(await center('messages', '', 'zh-CN'));
    expect(shadow(zh).querySelector('[part="table"] thead')!.textContent).to.equal('标题类型渠道时间状态');
    expect(button(zh, '全部标为已读')).to.exist;
  });

  it('filters by read state and type on the server, and needs a checked message before mark read or delete', async () => {
    const calls = watchCalls();
    const element = await settled(await center('messages'));
    expect(button(element, 'Mark read').disabled, 'rules §5: nothing checked').to.equal(true);
    expect(button(element, 'Delete').disabled).to.equal(true);
    await choose(element, 'Status', 'Read');
    await waitUntil(() => calls.lastQuery(/message\.list/).get('read') === 'read', 'the read filter is sent');
    await settled(element);
    for (const row of rows(element)) expect(row.cells[5]!.textContent).to.equal('Read');
    await choose(element, 'Type', 'Domain');
    await waitUntil(() => calls.lastQuery(/message\.list/).get('type') === 'domain', 'the type filter is sent');
    await settled(element);
    expect(shadow(element).querySelector('[part="empty-state"]')!.textContent).to.contain('No messages');
  });

  it('marks a checked message read and deletes one after the confirmation', async () => {
    const element = await settled(await center('messages'));
    const attackRow = () => rows(element).find((row) => row.cells[1]!.textContent === 'CC attack mitigated on www.example.com');
    attackRow()!.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    await waitUntil(() => !button(element, 'Mark read').disabled, 'a message is checked');
    const read = oneEvent(element, 'ec-messages-read');
    button(element, 'Mark read').click();
    expect((await read).detail.ids.length).to.equal(1);
    await settled(element);
    expect(attackRow()!.cells[5]!.textContent).to.equal('Read');
    attackRow()!.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    await waitUntil(() => !button(element, 'Delete').disabled, 'a message is checked');
    button(element, 'Delete').click();
    await waitUntil(() => shadow(element).querySelector('.p-confirm-popup-accept'), 'the confirmation opens');
    const deleted = oneEvent(element, 'ec-messages-deleted');
    shadow(element).querySelector<HTMLButtonElement>('.p-confirm-popup-accept')!.click();
    await deleted;
    await settled(element);
    expect(attackRow()).to.equal(undefined);
  });
});

describe('<ec-message-center> message and announcement details', () => {

  it('shows an announcement list and one announcement; a missing message says so', async () => {
    const notices = await settled(await center('notices'));
    expect(rows(notices).length).to.equal(3);
    const link = rows(notices)[0]!.querySelector<HTMLElement>('[part="link"]')!;
    const navigate = oneEvent(notices, 'ec-navigate');
    link.click();
    const target = (await navigate).detail;
    expect(target.route).to.equal('message-center-notice-list-detail-id');
    const detail = await center('notice', `notice-id="${target.params!.id}"`);
    await waitUntil(() => shadow(detail).querySelector('[part="detail"]'), 'the announcement shows');
    expect(shadow(detail).querySelector('h2')!.textContent).to.equal(link.textContent);
    await expect(detail).to.be.accessible();
    const missing = await center('message', 'message-id="999999"');
    await waitUntil(() => shadow(missing).querySelector('[part="empty-state"]'), 'the missing state shows');
    expect(shadow(missing).textContent).to.contain('This message does not exist or was deleted');
  });
});

describe('<ec-message-center> recipients and settings (rules §4, §5, §8)', () => {

  it('shows each contact\'s mailbox state with the spec message for an unverified one', async () => {
    const element = await settled(await center('contacts'));
    const security = rows(element).find((row) => row.cells[1]!.textContent === 'security@example.com')!;
    expect(security.cells[5]!.textContent).to.contain('Not verified');
    expect(security.cells[5]!.textContent).to.contain('The mailbox is not verified and cannot receive messages');
    const admin = rows(element).find((row) => row.cells[1]!.textContent === 'admin@example.com')!;
    expect(admin.cells[5]!.textContent).to.equal('Verified');
    await expect(element).to.be.accessible();
  });

  it('checks the contact form with the rules §5 messages before saving, and keeps what was typed', async () => {
    const element = await settled(await center('contacts'));
    button(element, 'Add contact').click();
    await waitUntil(() => shadow(element).querySelector('[role="dialog"] input'), 'the dialog opens');
    const inputs = () => Array.from(shadow(element).querySelectorAll<HTMLInputElement>('[role="dialog"] input.p-inputtext'));
    typeInto(inputs()[1]!, 'not-an-address');
    typeInto(inputs()[2]!, '12ab');
    shadow(element).querySelector<HTMLButtonElement>('[role="dialog"] .ec-dialog-confirm')!.click();
    await waitUntil(() => shadow(element).querySelectorAll('[role="dialog"] .ec-field-error').length === 3, 'three messages');
    const messages = Array.from(shadow(element).querySelectorAll('[role="dialog"] .ec-field-error')).map((node) => node.textContent);
    expect(messages).to.deep.equal(['The contact name cannot be empty', 'Incorrect email address', 'Incorrect mobile number']);
    expect(inputs()[1]!.value).to.equal('not-an-address');
  });

  it('sends a verification code and counts down before it can be sent again (rules §8)', async () => {
    const element = await settled(await center('contacts'));
    const row = () => rows(element).find((candidate) => candidate.cells[1]!.textContent === 'security@example.com')!;
    Array.from(row().querySelectorAll<HTMLButtonElement>('button')).find((candidate) => candidate.textContent === 'Send code')!.click();
    await waitUntil(() => /Resend in \d+ s/.test(row().cells[5]!.textContent ?? ''), 'the countdown shows');
    const resend = Array.from(row().querySelectorAll<HTMLButtonElement>('button')).find((candidate) => /Resend in/.test(candidate.textContent ?? ''))!;
    expect(resend.disabled).to.equal(true);
    Array.from(row().querySelectorAll<HTMLButtonElement>('button')).find((candidate) => candidate.textContent === 'Verify')!.click();
    await waitUntil(() => row().textContent?.includes('Please enter the verification code'), 'the code is required');
  });

  it('shows the notification settings of each message type', async () => {
    const element = await center('config');
    await waitUntil(() => shadow(element).querySelectorAll('[part="rule"]').length === 5, 'five types');
    expect(Array.from(shadow(element).querySelectorAll('[part="rule"] h3')).map((node) => node.textContent)).to.deep.equal(['Certificate', 'Domain', 'Security', 'Task', 'Sign-in']);
    await expect(element).to.be.accessible();
  });

  it('tells a sub-account that the settings and recipients are the main account\'s', async () => {
    await signInAsDemoChild();
    const element = await settled(await center('contacts'));
    expect(shadow(element).querySelector('[part="empty-state"]')!.textContent).to.contain('Only the main account manages notification settings and recipients');
    const messages = await settled(await center('messages'));
    expect(shadow(messages).querySelector('[part="table"], [part="empty-state"]')).to.exist;
  });
});
