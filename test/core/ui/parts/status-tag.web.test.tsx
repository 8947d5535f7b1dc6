import { expect } from '@open-wc/testing';
import { findStatus, StatusTag, type StatusSetting } from '../../../../core/ui/parts/status-tag.js';
import { LANGUAGES, renderPart, shadow } from '../../../helpers/parts-probe.js';

const SETTINGS: StatusSetting[] = [
  { value: 1, label: 'Online', color: 'success' },
  { value: 0, label: 'Offline', color: 'danger' },
  { value: 'pending', label: 'Pending', color: 'warning' },
];

const tags = (element: HTMLElement) => Array.from(shadow(element).querySelectorAll<HTMLElement>('.ec-status-tag'));

describe('StatusTag (shell §3 status setting, shell §8 unknown status value)', () => {
  it('shows the label and colour of the matching setting; "1" matches 1', async () => {
    const element = await renderPart(() => (
      <>
        <StatusTag settings={SETTINGS} value={1} />
        <StatusTag settings={SETTINGS} value="0" />
        <StatusTag settings={SETTINGS} value="pending" />
      </>
    ));
    const [online, offline, pending] = tags(element);
    expect(online!.textContent).to.equal('Online');
    expect(online!.classList.contains('ec-status-success')).to.equal(true);
    expect(getComputedStyle(online!).color).to.equal('rgb(22, 101, 52)');
    expect(offline!.textContent).to.equal('Offline');
    expect(offline!.classList.contains('ec-status-danger')).to.equal(true);
    expect(pending!.classList.contains('ec-status-warning')).to.equal(true);
    expect(findStatus(SETTINGS, '1')?.label).to.equal('Online');
  });

  it('shell §8: an unknown value shows the translated unknown label in a neutral tag', async () => {
    for (const [lang, text] of [['en_US', 'Unknown'], ['zh_CN', '未知']] as const) {
      const element = await renderPart(() => (
        <>
          <StatusTag settings={SETTINGS} value={42} />
          <StatusTag settings={SETTINGS} value={null} />
        </>
      ), lang);
      for (const tag of tags(element)) {
        expect(tag.textContent).to.equal(text);
        expect(tag.classList.contains('ec-status-neutral')).to.equal(true);
      }
    }
    expect(findStatus(SETTINGS, undefined)).to.equal(undefined);
  });

  for (const lang of LANGUAGES) {
    it(`is accessible in ${lang} (axe, colour contrast included)`, async () => {
      const element = await renderPart(() => (
        <>
          {SETTINGS.map((setting) => (
            <StatusTag key={setting.value} settings={SETTINGS} value={setting.value} />
          ))}
          <StatusTag settings={SETTINGS} value="gone" />
        </>
      ), lang);
      await expect(element).to.be.accessible();
    });
  }
});
