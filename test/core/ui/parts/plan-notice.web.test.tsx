/**
 * The plan notice part (shell §6, rules §6): a save the server refused for the plan shows the refusal with its way
 * out, the upgrade page for the online edition or a work order about the refused feature; other issues are left to
 * the form's fields; the notices' code loads only once a refusal is shown. Both languages, the link's `ec-navigate`, axe.
 */
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import { PlanRefusalNotices, planRefusals, withoutPlanRefusals } from '../../../../core/ui/parts/plan-refusals.js';
import { renderPart } from '../../../helpers/parts-probe.js';

const upgrade: FieldIssue = { field: 'action.type', key: 'domain-settings.plan-locked', values: { feature: 'waf_mode', notice: 'upgrade' } };
const workOrder: FieldIssue = { field: 'template_id', key: 'plans.template-copy', values: { feature: 'template_copy', notice: 'work-order' } };
const plain: FieldIssue = { field: 'name', key: 'common.required' };

describe('PlanRefusalNotices (shell §6 plan notices on a refused save)', () => {
  it('tells plan refusals from other issues', () => {
    expect(planRefusals([plain, upgrade, workOrder])).to.deep.equal([upgrade, workOrder]);
    expect(withoutPlanRefusals([plain, upgrade])).to.deep.equal([plain]);
    expect(planRefusals([{ field: 'x', key: 'common.required', values: { feature: 'waf_mode', notice: 'elsewhere' } }])).to.deep.equal([]);
  });

  it('shows each refusal with its way out in both languages; the upgrade link asks for the packages page, the work order for the form about the feature; axe', async () => {
    const element = await renderPart(() => <PlanRefusalNotices issues={[plain, upgrade, upgrade, workOrder]} />, 'en_US');
    // The notices' code loads when a refusal is first shown.
    await waitUntil(() => element.shadowRoot!.querySelector('[part="plan-notice"]'), 'the notices load');
    const notices = [...element.shadowRoot!.querySelectorAll('[part="plan-notice"]')];
    expect(notices.map((node) => node.textContent)).to.deep.equal([
      'Your package does not include this setting: upgrade the package to use it Upgrade plan',
      'Copying configuration templates needs a flagship package or above Submit a work order',
    ]);
    let navigated = oneEvent(element, 'ec-navigate');
    notices[0]!.querySelector<HTMLElement>('[part="link"]')!.click();
    expect((await navigated).detail).to.deep.include({ route: 'cloud-speed-new-domain-management-packages' });
    navigated = oneEvent(element, 'ec-navigate');
    notices[1]!.querySelector<HTMLElement>('[part="link"]')!.click();
    expect((await navigated).detail).to.deep.include({ route: 'cloud-speed-new-domain-management-work-order-create-feature', params: { feature: 'template_copy' } });
    await expect(element).to.be.accessible();

    const zh = await renderPart(() => <PlanRefusalNotices issues={[workOrder]} />, 'zh_CN');
    await waitUntil(() => zh.shadowRoot!.querySelector('[part="plan-notice"]'), 'the notice shows');
    expect(zh.shadowRoot!.querySelector('[part="plan-notice"]')!.textContent).to.contain('提交工单');
  });

  it('shows nothing when the save was not refused for the plan', async () => {
    const element = await renderPart(() => <PlanRefusalNotices issues={[plain]} />, 'en_US');
    expect(element.shadowRoot!.querySelector('[part="plan-notice"]')).to.equal(null);
  });
});
