/**
 * The protection card editors (issue 22; rules §2 cards; rules §4 protection modes, levels, intelligent protection
 * levels, replay actions; rules §5 "CSRF, replay-protection and exception paths start with /, at most 128 characters,
 * one per line"; rules §6 bot analytics gate; rules §9 replay window 5/10/15 minutes), each rendered directly in a
 * harness holding its value: edits reach onChange, issues show under their fields, nothing is editable when the card
 * is not, modes the package does not allow are disabled with the reason, both languages, keyboard, axe.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { errors, option, renderEditor, textField, type } from './harness.js';

describe('protection card editors (issue 22)', () => {
  it('bot management: an action per known bot category and for unknown bots; the bot analytics plan note (rules §6)', async () => {
    const { root, last, element } = await renderEditor('bot_management');
    option(root, 'Block', 'AI crawlers').click();
    expect(last().known_bots.ai_crawler).to.equal('block');
    expect(last().known_bots.search_engine).to.equal('allow');
    option(root, 'Captcha', /Unknown bots/).click();
    expect(last().unknown_bot_action).to.equal('captcha');
    expect(root.querySelector('[part="bot-analytics-note"]')!.textContent).to.contain('flagship');
    await expect(element).to.be.accessible();
  });

  it('CSRF: mode and the one-per-line paths reach onChange; rules §5 issues show under their lines', async () => {
    const { root, last, element } = await renderEditor('csrf', { issues: [{ field: 'paths.1', key: 'common.start-with-slash' }] });
    option(root, 'Blocking', 'Protection mode').click();
    expect(last().mode).to.equal('block');
    type(textField(root, 'Protected paths'), '/account\n\n  /pay  \n');
    expect(last().paths).to.deep.equal(['/account', '/pay']);
    expect((textField(root, 'Protected paths') as HTMLTextAreaElement).value).to.equal('/account\n\n  /pay  \n', 'the text stays as typed');
    type(textField(root, 'Exception paths'), '/account/public');
    expect(last().exception_paths).to.deep.equal(['/account/public']);
    expect(errors(root)).to.deep.equal(['Line 2: Please start with /']);
    expect(textField(root, 'Protected paths').getAttribute('aria-invalid')).to.equal('true');
    await expect(element).to.be.accessible();
  });

  it('modes the package does not allow are disabled and say why; the mode in force stays', async () => {
    const allow = { https: true, domain_proxy_conf: true, cloud_waf: { waf_mode: ['observe' as const] }, waf_block_diy_page: { type: ['default' as const] } };
    const { root, element } = await renderEditor('csrf', { allow });
    expect(option(root, 'Observation', 'Protection mode').disabled).to.equal(false);
    for (const mode of ['Blocking', 'Ban']) {
      const input = option(root, mode, 'Protection mode');
      expect(input.disabled, mode).to.equal(true);
      expect(root.getElementById(input.getAttribute('aria-describedby')!.split(' ').pop()!)!.textContent).to.contain('Not in your package');
    }
    await expect(element).to.be.accessible();
  });

  it('nothing can be edited when the card is not editable', async () => {
    const { root, changes } = await renderEditor('replay_protection', { editable: false });
    const frame = root.querySelector<HTMLFieldSetElement>('[data-card="replay_protection"]')!;
    expect(frame.disabled).to.equal(true);
    const input = option(root, '15 minutes', 'Time window');
    expect(input.matches(':disabled')).to.equal(true);
    input.click();
    expect(changes).to.have.length(0);
    expect(textField(root, 'Protected paths').matches(':disabled')).to.equal(true);
  });

  it('intelligent protection: four levels, each saying what it does (rules §4)', async () => {
    const { root, last, element } = await renderEditor('intelligent_protection');
    for (const label of ['Default', 'Normal', 'Strict', 'Verification code']) expect(option(root, label, 'Protection level')).to.exist;
    const captcha = option(root, 'Verification code', 'Protection level');
    expect(root.getElementById(captcha.getAttribute('aria-describedby')!)!.textContent).to.contain('verification code');
    captcha.click();
    expect(last().level).to.equal('captcha');
    await expect(element).to.be.accessible();
  });

  it('referer hotlink: list type, domains and the empty referer', async () => {
    const { root, last } = await renderEditor('referer_hotlink');
    option(root, 'Allow list', 'List type').click();
    expect(last().list_type).to.equal('allow');
    type(textField(root, 'Referer domains'), '*.partner.example\nshop.example');
    expect(last().domains).to.deep.equal(['*.partner.example', 'shop.example']);
    option(root, 'Refuse', 'Requests without a Referer').click();
    expect(last().allow_empty).to.equal(false);
  });

  it('replay protection: window 5/10/15 minutes, the four actions, paths (rules §4, §9)', async () => {
    const { root, last, element } = await renderEditor('replay_protection', { issues: [{ field: 'exception_paths.0', key: 'common.start-with-slash' }] });
    expect(Array.from(root.querySelectorAll('[data-field="window_minutes"] label')).map((label) => label.textContent)).to.deep.equal(['5 minutes', '10 minutes', '15 minutes']);
    option(root, '10 minutes', 'Time window').click();
    expect(last().window_minutes).to.equal(10);
    expect(Array.from(root.querySelectorAll('[data-field="action"] label')).map((label) => label.textContent)).to.deep.equal(['Intercept', 'Verification code', 'Observation', 'Not allowed']);
    option(root, 'Not allowed', 'Action').click();
    expect(last().action).to.equal('deny');
    expect(errors(root)).to.deep.equal(['Line 1: Please start with /']);
    await expect(element).to.be.accessible();
  });

  it('IP behaviour analysis and webshell detection: mode and level', async () => {
    const ip = await renderEditor('ip_behavior_analysis');
    option(ip.root, 'Ban', 'Protection mode').click();
    option(ip.root, 'Strict', 'Level').click();
    expect(ip.last()).to.include({ mode: 'ban', level: 'strict' });
    const webshell = await renderEditor('webshell_detection');
    option(webshell.root, 'Blocking', 'Protection mode').click();
    expect(webshell.last().mode).to.equal('block');
    await expect(webshell.element).to.be.accessible();
  });

  it('application DDoS: the ban duration shows in ban mode only, typed values reach onChange, its issue shows', async () => {
    const { root, last, element } = await renderEditor('application_ddos_protection', { issues: [{ field: 'ban_seconds', key: 'common.format-error' }] });
    expect(root.textContent).not.to.contain('Ban duration');
    option(root, 'Ban', 'Protection mode').click();
    await waitUntil(() => root.textContent?.includes('Ban duration'));
    type(textField(root, 'Ban duration (seconds)'), '900');
    expect(last()).to.include({ mode: 'ban', ban_seconds: 900 });
    expect(errors(root)).to.deep.equal(['Format Error']);
    option(root, 'Strict', 'Level').click();
    expect(last().level).to.equal('strict');
    await expect(element).to.be.accessible();
  });

  it('keyboard: arrow keys move between the modes', async () => {
    const { root, last } = await renderEditor('webshell_detection');
    const observe = option(root, 'Observation', 'Protection mode');
    observe.focus();
    await sendKeys({ press: 'ArrowRight' });
    expect(last().mode).to.equal('block');
  });

  it('speaks Chinese (the default language)', async () => {
    const { root, element } = await renderEditor('replay_protection', { language: 'zh_CN', issues: [{ field: 'paths.0', key: 'common.start-with-slash' }] });
    expect(option(root, '15 分钟', '时间窗口')).to.exist;
    expect(option(root, '不允许', '处置动作')).to.exist;
    expect(errors(root)[0]).to.match(/^第 1 行：/);
    await expect(element).to.be.accessible();
    const bot = await renderEditor('bot_management', { language: 'zh_CN' });
    expect(bot.root.querySelector('[part="bot-analytics-note"]')!.textContent).to.contain('旗舰版');
  });
});
