/**
 * Read-only state from the server's grants (issue 19 "Permissions in the UI"; rules §6): the demo sub-account's
 * group may only read certificates and manage (specified) domains, so the certificate page says it is view-only and a
 * denied action stays focusable with its reason, while the domain page shows neither.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { forgetSharedReads } from '../../../../core/api/shared-reads.js';
import { clearSession } from '../../../../core/session/session.js';
import { GuardedButton, ReadOnlyNotice, useModuleAccess, useReadOnlyReason } from '../../../../core/ui/parts/read-only.js';
import { signInAsDemoChild, signInAsDemoParent } from '../../../helpers/api-session.js';
import { LANGUAGES, renderPart, shadow } from '../../../helpers/parts-probe.js';

function CertificatePage() {
  const access = useModuleAccess('certificate');
  const reason = useReadOnlyReason('certificate');
  return (
    <>
      <output id="level">{access ?? 'loading'}</output>
      <ReadOnlyNotice module="certificate" />
      <GuardedButton id="upload" label="Upload" deniedReason={access === 'read' ? reason : null} onClick={() => document.body.setAttribute('data-clicked', 'yes')} />
    </>
  );
}

function DomainPage() {
  const access = useModuleAccess('domain');
  return (
    <>
      <output id="level">{access ?? 'loading'}</output>
      <ReadOnlyNotice module="domain" />
    </>
  );
}

const level = (element: HTMLElement) => shadow(element).querySelector('#level')!.textContent;

describe('read-only state from the caller grants (issue 19; rules §6)', () => {
  beforeEach(() => {
    forgetSharedReads();
    document.body.removeAttribute('data-clicked');
  });
  afterEach(() => clearSession());

  for (const language of LANGUAGES) {
    it(`says a read-only module is view-only and explains a denied action (${language})`, async () => {
      await signInAsDemoChild();
      const element = await renderPart(CertificatePage, language);
      await waitUntil(() => level(element) === 'read', 'the grants arrive');
      const notice = shadow(element).querySelector('[part="read-only-notice"]')!;
      expect(notice.textContent).to.contain(language === 'zh_CN' ? '只能查看证书' : 'may view certificates but not change them');
      const button = shadow(element).querySelector('#upload') as HTMLButtonElement;
      expect(button.getAttribute('aria-disabled')).to.equal('true');
      expect(button.disabled).to.equal(false); // still reachable by keyboard, so its reason can be read
      button.click();
      expect(document.body.getAttribute('data-clicked')).to.equal(null);
      // The reason is described once its tooltip listens (one render after the button mounts).
      await waitUntil(() => button.getAttribute('aria-describedby'), 'the reason is described');
      const description = shadow(element).getElementById(button.getAttribute('aria-describedby')!)!;
      expect(description.textContent).to.contain(language === 'zh_CN' ? '联系主账号' : 'ask the main account');
      await expect(element).to.be.accessible();
    });
  }

  it('shows nothing read-only where the group manages', async () => {
    await signInAsDemoChild();
    const element = await renderPart(DomainPage);
    await waitUntil(() => level(element) === 'manage');
    expect(shadow(element).querySelector('[part="read-only-notice"]')).to.equal(null);
  });

  it('lets a parent act everywhere', async () => {
    await signInAsDemoParent();
    const element = await renderPart(CertificatePage);
    await waitUntil(() => level(element) === 'manage');
    expect(shadow(element).querySelector('[part="read-only-notice"]')).to.equal(null);
    const button = shadow(element).querySelector('#upload') as HTMLButtonElement;
    expect(button.hasAttribute('aria-disabled')).to.equal(false);
    button.click();
    expect(document.body.getAttribute('data-clicked')).to.equal('yes');
  });
});
