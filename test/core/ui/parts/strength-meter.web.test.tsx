import { expect, waitUntil } from '@open-wc/testing';
import { useState } from 'react';
import { StrengthMeter } from '../../../../core/ui/parts/strength-meter.js';
import { LANGUAGES, renderPart, shadow, typeInto } from '../../../helpers/parts-probe.js';

/** An input and the meter, as the password forms use it. */
function Typed() {
  const [password, setPassword] = useState('');
  return (
    <>
      <label htmlFor="pw">Password</label>
      <input id="pw" type="password" value={password} onChange={(event) => setPassword(event.target.value)} />
      <StrengthMeter password={password} />
    </>
  );
}

const meter = (element: HTMLElement) => shadow(element).querySelector<HTMLMeterElement>('[part="strength-meter"] meter')!;
const word = (element: HTMLElement) => shadow(element).querySelector('[part="strength-meter"] span')!.textContent;

describe('StrengthMeter (rules §5 passwords; shared by access management and the user center)', () => {
  it('follows the password as it is typed: none, weak (refused by rules §5), fair, good, strong', async () => {
    const element = await renderPart(Typed);
    const input = shadow(element).getElementById('pw') as HTMLInputElement;
    expect(word(element)).to.equal('Password strength: none');
    expect(meter(element).value).to.equal(0);
    for (const [password, level, text] of [
      ['abcdefghij', 1, 'weak'],
      ['Abcdefg1', 2, 'fair'],
      ['Abcdefg1#', 3, 'good'],
      ['Abcdefgh#2026xy', 4, 'strong'],
    ] as const) {
      typeInto(input, password);
      await waitUntil(() => meter(element).value === level, `${password} reads ${text}`);
      expect(word(element)).to.equal(`Password strength: ${text}`);
    }
    expect(shadow(element).querySelector('[part="strength-meter"] [aria-live="polite"]')).to.exist;
  });

  for (const lang of LANGUAGES) {
    it(`is translated and accessible in ${lang} (axe)`, async () => {
      const element = await renderPart(() => <StrengthMeter password="Abcdefg1" />, lang);
      expect(word(element)).to.equal(lang === 'zh_CN' ? '密码强度: 中' : 'Password strength: fair');
      expect(meter(element).getAttribute('aria-label')).to.equal(lang === 'zh_CN' ? '密码强度' : 'Password strength');
      await expect(element).to.be.accessible();
    });
  }
});
