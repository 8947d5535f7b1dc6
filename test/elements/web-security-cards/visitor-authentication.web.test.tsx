/**
 * The visitor authentication card editor and its token tool (issue 22; rules §3 visitor authentication; rules §5
 * "the token is timestamp, nonce and MD5 joined by a pipe, sent in a request header"; rules §8 "Illegal or invalid
 * timestamp (difference over one hour)"; rules §9 tolerance 1 hour): key, generator, header, paths; a token generated
 * for now verifies; a pasted token is valid, wrongly signed, stale or not a token; the tool still works when the
 * card is view-only; both languages; axe.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { verifyVisitorToken, visitorToken } from '../../../core/security/visitor-token.js';
import { renderEditor, textField, type } from './harness.js';

const button = (root: ShadowRoot, label: string | RegExp) =>
  Array.from(root.querySelectorAll<HTMLButtonElement>('button')).find((candidate) => (typeof label === 'string' ? candidate.textContent?.trim() === label : label.test(candidate.textContent ?? '')))!;
const verdict = (root: ShadowRoot) => root.querySelector<HTMLElement>('[part="visitor-token-check"]')!;
const now = () => Math.floor(Date.now() / 1000);

async function checkToken(root: ShadowRoot, token: string): Promise<HTMLElement> {
  type(textField(root, 'Token to check'), token);
  await waitUntil(() => !button(root, 'Check').disabled);
  button(root, 'Check').click();
  await waitUntil(() => verdict(root).dataset.verdict);
  return verdict(root);
}

describe('visitor authentication card editor (issue 22)', () => {
  it('key, generated key, header and paths reach onChange; issues show', async () => {
    const { root, last, element } = await renderEditor('visitor_authentication', { issues: [{ field: 'header', key: 'common.required' }] });
    type(textField(root, 'Key'), 'my-secret');
    expect(last().key).to.equal('my-secret');
    button(root, 'Generate a key').click();
    expect(last().key).to.match(/^[A-Za-z0-9]{32}$/);
    type(textField(root, 'Header name'), 'X-Token');
    expect(last().header).to.equal('X-Token');
    type(textField(root, 'Protected paths'), '/private\n/admin');
    expect(last().paths).to.deep.equal(['/private', '/admin']);
    expect(root.querySelector('.ec-error-text')!.textContent).to.equal('Please fill in');
    await expect(element).to.be.accessible();
  });

  it('the token tool: a token for now verifies; wrong signature, over one hour and not a token are said (rules §8)', async () => {
    const { root, element } = await renderEditor('visitor_authentication', { value: { key: 'k3y' } });
    button(root, 'Generate a token for now').click();
    await waitUntil(() => root.querySelector('[part="visitor-token"]'));
    const token = root.querySelector('[part="visitor-token"]')!.textContent!;
    expect(token).to.match(/^\d+\|[A-Za-z0-9]+\|[0-9a-f]{32}$/);
    expect(verifyVisitorToken('k3y', token, now()).verdict).to.equal('ok');
    expect((await checkToken(root, token)).textContent).to.contain('Valid');
    expect((await checkToken(root, visitorToken('other', now(), 'abc'))).dataset.verdict).to.equal('bad-signature');
    const stale = await checkToken(root, visitorToken('k3y', now() - 7200, 'abc'));
    expect(stale.dataset.verdict).to.equal('stale');
    expect(stale.textContent).to.contain('Illegal or invalid timestamp (difference over one hour)');
    expect((await checkToken(root, 'not|a token')).dataset.verdict).to.equal('malformed');
    await expect(element).to.be.accessible();
  });

  it('without a key the tool says so; view-only disables the fields but not the tool', async () => {
    const empty = await renderEditor('visitor_authentication');
    expect(button(empty.root, 'Generate a token for now').disabled).to.equal(true);
    expect(empty.root.querySelector('[part="visitor-token-tool"]')!.textContent).to.contain('Enter or generate a key');
    const readOnly = await renderEditor('visitor_authentication', { editable: false, value: { key: 'k3y' } });
    expect(textField(readOnly.root, 'Key').matches(':disabled')).to.equal(true);
    expect(button(readOnly.root, 'Generate a key').matches(':disabled')).to.equal(true);
    expect(button(readOnly.root, 'Generate a token for now').disabled).to.equal(false);
    expect(readOnly.changes).to.have.length(0);
  });

  it('speaks Chinese (the default language)', async () => {
    const { root, element } = await renderEditor('visitor_authentication', { language: 'zh_CN', value: { key: 'k3y' } });
    expect(root.querySelector('[part="visitor-token-tool"] h4')!.textContent).to.equal('令牌工具');
    type(textField(root, '待校验的令牌'), visitorToken('k3y', now() - 7200, 'abc'));
    await waitUntil(() => !button(root, '校验').disabled);
    button(root, '校验').click();
    await waitUntil(() => verdict(root).dataset.verdict === 'stale');
    expect(verdict(root).textContent).to.contain('非法或无效的时间戳（相差超过一小时）');
    await expect(element).to.be.accessible();
  });
});
