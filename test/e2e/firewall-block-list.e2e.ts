/**
 * End to end: the firewall block list in the demo host against the real reference server (issue 25; shell §7
 * `firewall.report.block.list` and details): a request blocked by a firewall policy, simulated into the server's own
 * log store → the policy's row on the block list tab counts it → the row opens the policy's blocked requests, which
 * show that request (its client IP, region and URL). Then a sub-account granted one website (rules §6) looks at the
 * new security reports (WAF, bots, the block list) in both languages at 1280×800 and 1920×1080 (issue 25:
 * "screenshots of each report in both languages"): it sees its website's lines only. Zero console errors.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import type { LogRow } from '../../core/logs/fields.js';
import { bindGroupObjects, createChildAccount, createPermissionGroup } from '../../demo/server/features/account/store.js';
import { changePlanLevel } from '../../demo/server/features/plans/seed.js';
import { insertRule } from '../../demo/server/features/waf/store.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { hashPasswordSync } from '../../demo/server/platform/security/passwords.js';
import { scopeFor } from '../../demo/server/platform/security/scope.js';
import { launchChromium, openPage, screenshot, signIn, startServer, type RunningServer } from '../helpers/e2e.js';
import { logLine } from '../helpers/log-lines.js';

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer({ seedLanguage: 'en_US' });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const BLOCK_LIST = '/console/cloud-speed/data-analytics/security-report/FirewallBlockList';

describe('firewall block list end to end (issue 25; shell §7)', () => {
  it('a blocked request simulated into the log store appears on its policy\'s row and in the policy\'s blocked requests', async () => {
    const { app } = server;
    const now = Date.now();
    const www = app.db.prepare("SELECT id, domain FROM domains WHERE member_id = ? AND domain = 'www.example.com'").get(DEMO_MEMBER_ID) as { id: number; domain: string };
    const tenant = scopeFor(app.db, DEMO_MEMBER_ID);
    const setId = tenant.insert('waf_rule_sets', { name: 'Partners only', description: '', attribution: 'custom', catalogue_key: null, created_by: null, created_at: now, updated_at: now });
    const code = insertRule(tenant, { ruleSetId: setId, sort: 1, status: 'enabled', rules: [{ rule_type: 'url', data: { operator: 'prefix', value: '/admin' } }], action: { type: 'block' }, remark: 'Admin from partners only' }, now);
    app.db.prepare('INSERT INTO waf_rule_set_domains (member_id, rule_set_id, domain_id, created_at) VALUES (?, ?, ?, ?)').run(DEMO_MEMBER_ID, setId, www.id, now);
    // What the edge writes when the policy blocks a request (logs/simulator/engine.ts: custom sets write `acl` lines).
    const blocked = (index: number, overrides: Partial<LogRow> = {}) =>
      logLine({
        ts: now - (index + 1) * 45_000,
        log_type: 'acl',
        member_id: DEMO_MEMBER_ID,
        domain_id: www.id,
        domain: www.domain,
        request_id: `b${index}`.padStart(32, '0'),
        client_ip: `203.0.113.${10 + index}`,
        country: 'RU',
        province: '',
        uri: '/admin/users',
        status: 403,
        rule_id: code,
        rule_set_id: setId,
        action: 'block',
        ...overrides,
      });
    await app.logStore.append([blocked(0, { client_ip: '198.51.100.77', country: 'CN', province: 'CN-GD', uri: '/admin/export' }), blocked(1), blocked(2), blocked(3, { action: 'log' })]);

    const { page, problems, context } = await openPage(browser, { locale: 'en-US' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, server.url, { parent: true }, { language: 'en_US' });
    await page.goto(`${server.url}${BLOCK_LIST}`);
    const report = page.locator('ec-attack-report');
    const row = report.locator('[part="ranking"] tbody tr', { hasText: 'Admin from partners only' });
    await row.waitFor({ timeout: 30_000 });
    const cells = await row.locator('th, td').allTextContents();
    assert.deepEqual(cells.slice(0, 5), [String(code), 'Admin from partners only', 'Partners only', 'Block', '3'], 'three blocked, the observed one not counted');
    assert.ok(cells[6]!.includes('/admin/users') && cells[6]!.includes('/admin/export'));
    await report.locator('.js-plotly-plot, figure.ec-chart-line svg').first().waitFor({ timeout: 20_000 }).catch(() => undefined);
    await screenshot(page, 'firewall-block-list-en');

    await row.locator('th [part~="drill-link"]').click();
    await page.waitForURL(/policy=/);
    const details = report.locator('[part="ranking"] tbody tr');
    await report.locator('[part="header"] h2', { hasText: 'Blocked requests of rule' }).waitFor();
    await details.first().waitFor();
    assert.equal(await details.count(), 3);
    const newest = await details.first().locator('td').allTextContents();
    assert.deepEqual(newest.slice(1), ['198.51.100.77', 'China · Guangdong', 'www.example.com', '/admin/export', 'Blocked']);
    await screenshot(page, 'firewall-block-list-details-en');
    // The open policy is in the address: a reload shows it again.
    await page.reload();
    await report.locator('[part="ranking"] tbody tr').first().waitFor({ timeout: 30_000 });
    assert.equal(await report.locator('[part="ranking"] tbody tr').count(), 3);

    // Issue 25 drill-down: the policy's blocks open log retrieval on the access control log (a custom set's policies
    // write it), filtered to that policy's blocked lines over the report's range: the three, not the observed one.
    await page.goto(`${server.url}${BLOCK_LIST}`);
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('link', { name: /^3 requests blocked by Admin from partners only/ }).click();
    await page.waitForURL(/\/logRetrieval\?/);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('type'), 'acl');
    assert.equal(url.searchParams.get('q'), `action in ("block", "ban") and rule_set_id = ${setId} and rule_id = ${code}`);
    const lines = page.locator('ec-log-retrieval [part="table"] tbody tr');
    await lines.first().waitFor({ timeout: 30_000 });
    assert.equal(await lines.count(), 3, 'the policy\'s three blocked lines');
    assert.ok((await lines.allTextContents()).some((text) => text.includes('198.51.100.77')));
    await screenshot(page, 'firewall-block-list-logs-en');
    assert.deepEqual(problems.errors, []);
    await context.close();
  });

  it('rules §6: a sub-account granted one website sees the security, bot and block list reports of its website (screenshots, both languages)', async () => {
    const { app } = server;
    const now = Date.now();
    const sites = app.db.prepare('SELECT id, domain FROM domains WHERE member_id = ? ORDER BY id').all(DEMO_MEMBER_ID) as { id: number; domain: string }[];
    const www = sites.find((site) => site.domain === 'www.example.com')!;
    const other = sites.find((site) => site.id !== www.id)!;
    // Bot analytics need the flagship package (rules §6).
    const planId = (app.db.prepare('SELECT id FROM plans WHERE member_id = ?').get(DEMO_MEMBER_ID) as { id: number }).id;
    changePlanLevel(app.db, planId, 'flagship');
    const rows: LogRow[] = [];
    const agents = ['Mozilla/5.0 Chrome/131.0', 'Mozilla/5.0 Safari/604.1', 'curl/8.5.0', 'python-requests/2.31.0', 'Mozilla/5.0 HeadlessChrome/120.0'];
    const countries = ['CN', 'US', 'CN', 'DE', 'JP'];
    for (let index = 0, ts = now - 2 * 3_600_000; ts < now - 1000; index++, ts += 15_000) {
      const site = index % 4 === 3 ? other : www;
      const country = countries[index % countries.length]!;
      const base = { ts, member_id: DEMO_MEMBER_ID, domain_id: site.id, domain: site.domain, client_ip: `198.51.100.${index % 40}`, country, province: country === 'CN' ? ['CN-GD', 'CN-BJ'][index % 2]! : '' };
      rows.push(logLine({ ...base, request_id: `a${index}`.padStart(32, '0'), uri: ['/', '/login', '/api/v1/items'][index % 3]!, user_agent: agents[index % agents.length]! }));
      if (index % 3 === 0) {
        const kind = (index / 3) % 3;
        rows.push(logLine({ ...base, log_type: 'waf', request_id: `w${index}`.padStart(32, '0'), uri: ['/login', '/search', '/wp-admin'][kind]!, status: 403, rule_id: 910_001 + kind, action: (['block', 'ban', 'log'] as const)[kind]!, attack_type: (['sqli', 'xss', 'scanner'] as const)[kind]! }));
      }
    }
    await app.logStore.append(rows);
    const groupId = createPermissionGroup(app.db, { memberId: DEMO_MEMBER_ID, name: 'Reports of www', grants: [{ module: 'reports', access: 'read', object_scope: 'specified', auto_bind_new: false }] }, now);
    bindGroupObjects(app.db, { memberId: DEMO_MEMBER_ID, groupId, module: 'reports', kind: 'specified', objectIds: [www.id] });
    createChildAccount(app.db, { memberId: DEMO_MEMBER_ID, userName: 'reports-www', passwordHash: hashPasswordSync('Reports#Www1'), groupId }, now);

    const pages: [string, string][] = [
      ['waf', '/console/cloud-speed/data-analytics/security-report/WAFAttack'],
      ['bot', '/console/cloud-speed/data-analytics/security-report/Bot'],
      ['firewall', BLOCK_LIST],
    ];
    for (const language of ['zh_CN', 'en_US'] as const) {
      const { page, problems, context } = await openPage(browser, { locale: language === 'zh_CN' ? 'zh-CN' : 'en-US' });
      await signIn(page, server.url, { child: 'reports-www', password: 'Reports#Www1' }, { language });
      for (const [width, height] of [[1280, 800], [1920, 1080]] as const) {
        await page.setViewportSize({ width, height });
        for (const [name, path] of pages) {
          await page.goto(`${server.url}${path}`);
          const tag = name === 'bot' ? 'ec-bot-report' : 'ec-attack-report';
          await page.locator(`${tag} [part="figures"]`).waitFor({ timeout: 30_000 });
          await page.locator(`${tag} .js-plotly-plot, ${tag} [part="empty-state"]`).first().waitFor({ timeout: 30_000 }).catch(() => undefined);
          await page.waitForTimeout(800);
          if (name === 'waf') {
            // Its website's lines only (rules §6): the website ranking names www alone.
            const websites = page.locator(`${tag} section`, { has: page.locator('h3', { hasText: language === 'zh_CN' ? '网站' : 'Websites' }) }).locator('[part~="drill-link"]');
            assert.deepEqual(await websites.allTextContents(), ['www.example.com']);
          }
          await screenshot(page, `subaccount-${name}-${language}-${width}x${height}`);
        }
      }
      assert.deepEqual(problems.errors, []);
      await context.close();
    }
  });
});
