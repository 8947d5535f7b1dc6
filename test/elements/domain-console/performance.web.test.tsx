/**
 * The domain console's performance tab (shell §3 setting items gzip, WebP, mobile redirect, SEO, WebSocket, custom
 * headers; rules §5 origin and performance, §6 read grants, §9 upload size): every field's bad input with the spec's
 * message, a save the server keeps, a failed save that keeps what was typed, view-only for a read grant, both
 * languages, axe.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { signInAsDemoParent, signInAsDemoViewer } from '../../helpers/api-session.js';
import { control, openConsoleTab, section, shownIssues } from '../../helpers/domain-console.js';
import { shadow } from '../../helpers/list-element.js';
import { QUICK_SAVE_FAULTS, stubFetch } from '../../helpers/save-faults.js';
import { button, typeText } from '../../helpers/websites.js';

describe('<ec-domain-console tab="performance">', () => {
  before(async () => {
    await signInAsDemoParent();
  });

  it('rules §5 / §9: bad input shows the spec messages and nothing is saved; good input is saved and read back', async () => {
    const element = await openConsoleTab('performance');
    const upload = section(element, 'Upload size');
    typeText(control(upload, 'Largest upload'), '5');
    await waitUntil(() => !button(upload, 'Save').disabled, 'the draft enables Save');
    button(upload, 'Save').click();
    await waitUntil(() => shownIssues(upload).length > 0, 'the range message');
    expect(shownIssues(upload)).to.deep.equal(['The upload size must be 10-500 MB']);

    const mobile = section(element, 'Mobile redirect');
    control(mobile, 'Redirect mobile visitors').click();
    await waitUntil(() => mobile.querySelector('label') && Array.from(mobile.querySelectorAll('label')).some((label) => label.textContent === 'Target URL'));
    typeText(control(mobile, 'Target URL'), 'ftp://m.example.com');
    button(mobile, 'Save').click();
    await waitUntil(() => shownIssues(mobile).length > 0);
    expect(shownIssues(mobile)).to.deep.equal(['The URL must begin with http:// or https://']);

    const websocket = section(element, 'WebSocket');
    typeText(control(websocket, 'Idle timeout'), '4000');
    button(websocket, 'Save').click();
    await waitUntil(() => shownIssues(websocket).length > 0);
    expect(shownIssues(websocket)).to.deep.equal(['The WebSocket timeout must be 1-3600 seconds']);

    const headers = section(element, 'Response headers');
    button(headers, 'Add header').click();
    await waitUntil(() => headers.querySelector('input[list]'));
    typeText(control(headers, 'Header name'), 'X Bad');
    typeText(control(headers, 'Header value'), '中文');
    button(headers, 'Save').click();
    await waitUntil(() => shownIssues(headers).length > 1);
    expect(shownIssues(headers)).to.deep.equal(['Use only letters, digits, - and _', 'Chinese characters are not allowed']);
    expect(control(headers, 'Header name').getAttribute('aria-invalid')).to.equal('true');
    // The listed names of shell §3 are offered, a custom name may be typed.
    expect(Array.from(headers.querySelectorAll('datalist option')).map((option) => (option as HTMLOptionElement).value)).to.include.members(['Cache-Control', 'Expires', 'Access-Control-Allow-Origin']);

    typeText(control(upload, 'Largest upload'), '200');
    button(upload, 'Save').click();
    await waitUntil(() => button(upload, 'Save').disabled && shownIssues(upload).length === 0, 'saved');
    const again = await openConsoleTab('performance');
    expect(control<HTMLInputElement>(section(again, 'Upload size'), 'Largest upload').value).to.equal('200');
    await expect(again).to.be.accessible();
  });

  it('gzip and WebP switches show and save what batch setting holds (domains.settings)', async () => {
    const element = await openConsoleTab('performance');
    const webp = section(element, 'WebP images');
    const box = control(webp, 'Serve WebP');
    const before = box.checked;
    box.click();
    await waitUntil(() => !button(webp, 'Save').disabled);
    button(webp, 'Save').click();
    await waitUntil(() => button(webp, 'Save').disabled, 'saved');
    const again = await openConsoleTab('performance');
    expect(control(section(again, 'WebP images'), 'Serve WebP').checked).to.equal(!before);
  });

  it('a failed save keeps what was typed and says why (every quick fault)', async () => {
    const element = await openConsoleTab('performance');
    const upload = section(element, 'Upload size');
    for (const fault of QUICK_SAVE_FAULTS) {
      typeText(control(upload, 'Largest upload'), '321');
      let calls = 0;
      const restore = stubFetch(/web\.domain\.set\.save/, (url, init) => {
        calls++;
        return fault.answer(url, init);
      });
      try {
        button(upload, 'Save').click();
        // Two faults in a row can show the same text: wait for this save's own call and its end, not the old message.
        await waitUntil(() => calls === 1 && !upload.querySelector('fieldset')!.disabled, `${fault.name}: the save ran`);
        await waitUntil(() => upload.querySelector('.ec-settings-actions [role="alert"]')?.textContent?.includes(fault.message), fault.name);
      } finally {
        restore();
      }
      expect(control<HTMLInputElement>(upload, 'Largest upload').value, fault.name).to.equal('321');
    }
  });

  it('rules §6: a read grant sees every group view-only (no save, fields disabled)', async () => {
    await signInAsDemoViewer();
    try {
      const element = await openConsoleTab('performance');
      const sections = Array.from(shadow(element).querySelectorAll<HTMLElement>('.ec-settings-group'));
      expect(sections.length).to.equal(8);
      for (const node of sections) {
        expect(node.querySelector('[part="readonly-notice"]'), node.querySelector('h3')!.textContent!).to.not.equal(null);
        expect(node.querySelector('fieldset')!.disabled).to.equal(true);
        expect(Array.from(node.querySelectorAll('button')).some((b) => b.textContent === 'Save')).to.equal(false);
      }
      await expect(element).to.be.accessible();
    } finally {
      await signInAsDemoParent();
    }
  });

  it('zh_CN: the tab and its messages are Chinese', async () => {
    const element = await openConsoleTab('performance', { lang: 'zh-CN' });
    const upload = section(element, '上传大小');
    typeText(control(upload, '最大上传'), '501');
    button(upload, '保存').click();
    await waitUntil(() => shownIssues(upload).length > 0);
    expect(shownIssues(upload)[0]).to.match(/10-500/);
    expect(shownIssues(upload)[0]).to.match(/[\u4e00-\u9fff]/);
    await expect(element).to.be.accessible();
  });
});
