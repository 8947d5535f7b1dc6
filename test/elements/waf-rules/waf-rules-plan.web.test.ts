/**
 * Rules §6 plan gating on save (issue 21): a custom rule set the plan refuses shows the plan notice (the shared part)
 * with its way out, here the upgrade link of the online edition, and keeps what was typed; both languages; axe.
 */
import { expect, html, oneEvent } from '@open-wc/testing';
import { signInAsDemoParent } from '../../helpers/api-session.js';
import { setDemoPlanLevel } from '../../helpers/demo-plan.js';
import { click, eventually, field, rendered, root, typeInto } from './helpers.js';

describe('<ec-waf-rules> plan refusal on save (rules §6, shell §6)', () => {
  let previous: Awaited<ReturnType<typeof setDemoPlanLevel>>;
  before(async () => {
    await signInAsDemoParent();
    previous = await setDemoPlanLevel('trial');
  });
  after(async () => {
    await setDemoPlanLevel(previous);
  });

  for (const [lang, create, save, message, link] of [
    ['en-US', 'New rule set', 'Save', 'Your package does not include this setting', 'Upgrade plan'],
    ['zh-CN', '新建规则集', '保存', '当前套餐不支持该配置', '升级套餐'],
  ] as const) {
    it(`${lang}: a trial plan's new rule set is refused with the plan notice and its upgrade link; the name is kept`, async () => {
      const element = await rendered(html`<ec-waf-rules lang=${lang} page-size="100"></ec-waf-rules>`);
      await click(element, create);
      await eventually(() => root(element).querySelector('[part="dialog"]'), 'the dialog opens');
      const name = field(element, lang === 'en-US' ? 'Name' : '名称');
      typeInto(name, 'Gated set');
      await click(element, save);
      await eventually(() => root(element).querySelector('[part="plan-notice"]'), 'the plan notice shows');
      const notice = root(element).querySelector('[part="plan-notice"]')!;
      expect(notice.textContent).to.contain(message);
      expect(notice.querySelector('[part="link"]')!.textContent).to.equal(link);
      expect(name.value, 'nothing typed is lost').to.equal('Gated set');
      if (lang === 'en-US') {
        // PrimeReact's dialog focus-trap sentinels are aria-hidden focusables (as in the other dialog tests).
        await expect(element).to.be.accessible({ ignoredRules: ['aria-hidden-focus'] });
        const navigated = oneEvent(element, 'ec-navigate');
        notice.querySelector<HTMLElement>('[part="link"]')!.click();
        expect((await navigated).detail).to.deep.include({ route: 'cloud-speed-new-domain-management-packages' });
      }
    });
  }
});
