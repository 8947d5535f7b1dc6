/**
 * `<ec-layer4-rule-detail>` against the reference server (issue 28): a rule's origins with their health and the
 * forwarding status (rules §4), access control checked with the rules messages (nothing typed lost) and saved, the
 * TCP package binding (rules §8), both languages and axe.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/layer4-rule-detail/element.js';
import { createApiClient } from '../../../core/api/client.js';
import { listLayer4Rules } from '../../../core/api/endpoints/layer4.js';
import { sessionToken } from '../../../core/session/session.js';
import { signInAsDemoParent } from '../../helpers/api-session.js';
import { shadow } from '../../helpers/list-element.js';
import { choose } from '../../helpers/list-element.js';

const text = (element: Element) => shadow(element).textContent ?? '';
const button = (element: Element, label: string) => Array.from(shadow(element).querySelectorAll<HTMLButtonElement>('button')).find((node) => node.textContent?.trim() === label);

function typeInto(field: HTMLTextAreaElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!;
  setter.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function areaByLabel(element: Element, label: string): HTMLTextAreaElement {
  const node = Array.from(shadow(element).querySelectorAll('label')).find((entry) => entry.textContent === label)!;
  return shadow(element).getElementById(node.htmlFor) as HTMLTextAreaElement;
}

describe('<ec-layer4-rule-detail> (issue 28; rules §4, §8)', () => {
  let ruleId = 0;
  before(async () => {
    await signInAsDemoParent();
    const client = createApiClient({ base: '/api', getToken: () => sessionToken.value, getLanguage: () => 'en_US', notify: () => undefined });
    ruleId = (await listLayer4Rules(client, { page: 1, per_page: 10, keyword: '8080' })).list[0]!.id;
  });

  it('shows the ports, the origins with their health and the status (zh_CN, en_US), and passes axe', async () => {
    const zh = await fixture<HTMLElement>(html`<ec-layer4-rule-detail lang="zh-CN" rule-id=${ruleId}></ec-layer4-rule-detail>`);
    await waitUntil(() => shadow(zh).querySelector('[part="origins"]'), 'the rule loads', { timeout: 5000 });
    expect(text(zh)).to.contain('健康检查失败');
    expect(text(zh)).to.contain('未识别接入密钥');
    await expect(zh).to.be.accessible();
    const en = await fixture<HTMLElement>(html`<ec-layer4-rule-detail lang="en-US" rule-id=${ruleId}></ec-layer4-rule-detail>`);
    await waitUntil(() => shadow(en).querySelector('[part="origins"]'), 'the rule loads', { timeout: 5000 });
    expect(shadow(en).querySelector('[part="origins"]')!.textContent).to.contain('198.51.100.21:22');
    expect(text(en)).to.contain('Failed its check');
    expect(text(en)).to.contain('Access key not recognized');
    await expect(en).to.be.accessible();
  });

  it('checks access control (an entry both allowed and denied), keeps what was typed, saves; binds a website to the package', async () => {
    const element = await fixture<HTMLElement>(html`<ec-layer4-rule-detail lang="en-US" rule-id=${ruleId}></ec-layer4-rule-detail>`);
    await waitUntil(() => shadow(element).querySelector('[part="access-form"]'), 'the rule loads', { timeout: 5000 });
    typeInto(areaByLabel(element, 'Allowed IPs'), '10.0.0.0/8');
    typeInto(areaByLabel(element, 'Denied IPs'), '10.0.0.0/8\n300.1.1.1');
    button(element, 'Save access control')!.click();
    await waitUntil(() => shadow(element).querySelector('[part="access-form"] [role="alert"]'), 'the issue shows');
    expect(shadow(element).querySelector('[part="access-form"] [role="alert"]')!.textContent).to.contain('Incorrect IP address');
    typeInto(areaByLabel(element, 'Denied IPs'), '10.0.0.0/8');
    await waitUntil(() => shadow(element).querySelector('[part="access-form"] [role="alert"]')?.textContent?.includes('both allowed and denied'), 'the overlap');
    expect(areaByLabel(element, 'Allowed IPs').value, 'nothing typed is lost').to.equal('10.0.0.0/8');
    typeInto(areaByLabel(element, 'Denied IPs'), '192.0.2.1');
    const saved = oneEvent(element, 'ec-layer4-rule-saved');
    button(element, 'Save access control')!.click();
    expect((await saved).detail.rule.access.deny_ips).to.deep.equal(['192.0.2.1']);

    await waitUntil(() => shadow(element).querySelector('[part="package-binding"]'), 'the binding section');
    await choose(element, 'Website', 'www.example.com');
    const changed = oneEvent(element, 'ec-tcp-package-binding-changed');
    button(element, 'Bind')!.click();
    expect((await changed).detail.bound).to.equal(true);
    await waitUntil(() => shadow(element).querySelector('[part="package-binding"] ul')?.textContent?.includes('www.example.com'), 'the website is listed');
  });
});
