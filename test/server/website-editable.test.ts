/**
 * The `editable` flag of websites and website groups (rules §6; issue 19): the list and the detail tell the caller,
 * per object, what the write routes would refuse, as the parent, the demo child ("Operations": specified domains,
 * manage) and the read-only viewer ("Viewers": www.example.com, read).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { PERMISSION_DENIED_CODE } from '../../core/api/catalogue.js';
import type { ListAnswer } from '../../core/api/endpoints/platform.js';
import type { WebsiteGroupListAnswer, WebsiteInfo } from '../../core/api/endpoints/websites.js';
import { DEMO_MEMBER_ID, DEMO_VIEWER_PASSWORD, DEMO_VIEWER_USER_NAME, DEMO_VIEWER_WEBSITE } from '../../demo/server/platform/demo-accounts.js';
import { call, expectOk, signInChild, signInParent, startServer } from './helpers.js';

describe('editable websites and groups (rules §6; issue 19)', () => {
  let app: FastifyInstance;
  let parent: string;
  let child: string;
  let viewer: string;

  const sites = (token: string) =>
    expectOk<ListAnswer<WebsiteInfo>>(app, 'GET', 'V4/cloudsafe.hwws.website.list', { token, query: { per_page: 100 } }).then((answer) => answer.list);
  const groups = (token: string) => expectOk<WebsiteGroupListAnswer>(app, 'GET', 'V4/cloudsafe.hwws.website.group.list', { token });

  before(async () => {
    ({ app } = await startServer());
    parent = (await signInParent(app)).token;
    child = (await signInChild(app)).token;
    viewer = (await signInChild(app, DEMO_MEMBER_ID, DEMO_VIEWER_USER_NAME, DEMO_VIEWER_PASSWORD)).token;
  });
  after(() => app.close());

  it('the parent may change every website and group', async () => {
    const list = await sites(parent);
    assert.ok(list.length > 0 && list.every((site) => site.editable));
    const answer = await groups(parent);
    assert.equal(answer.editable, true);
    assert.ok(answer.list.every((group) => group.editable));
  });

  it('the demo child may change the websites it manages, but not the account-wide groups', async () => {
    const list = await sites(child);
    assert.ok(list.length > 0 && list.every((site) => site.editable), 'every website it sees is granted with manage');
    const detail = await expectOk<WebsiteInfo>(app, 'GET', 'V4/cloudsafe.hwws.website.get', { token: child, query: { id: list[0]!.id } });
    assert.equal(detail.editable, true);
    const answer = await groups(child);
    assert.equal(answer.editable, false);
    assert.ok(answer.list.every((group) => !group.editable));
    const refused = await call(app, 'POST', 'V4/cloudsafe.hwws.website.group.update', { token: child, body: { id: answer.list[0]!.id, name: 'Renamed' } });
    assert.equal(refused.code, PERMISSION_DENIED_CODE, 'the flag says what the route refuses');
  });

  it('the viewer sees its website read-only, and the write routes refuse what the flag says', async () => {
    const [site, ...rest] = await sites(viewer);
    assert.equal(rest.length, 0);
    assert.equal(site!.domain, DEMO_VIEWER_WEBSITE);
    assert.equal(site!.editable, false);
    const detail = await expectOk<WebsiteInfo>(app, 'GET', 'V4/cloudsafe.hwws.website.get', { token: viewer, query: { id: site!.id } });
    assert.equal(detail.editable, false);
    for (const [path, body] of [
      ['website.update', { id: site!.id, remark: 'changed' }],
      ['website.status', { selection: { ids: [site!.id] }, action: 'suspend' }],
      ['website.delete', { selection: { ids: [site!.id] } }],
      ['website.group.assign', { group_id: null, selection: { ids: [site!.id] } }],
    ] as const) {
      const answer = await call(app, 'POST', `V4/cloudsafe.hwws.${path}`, { token: viewer, body });
      assert.equal(answer.code, PERMISSION_DENIED_CODE, path);
    }
    const answer = await groups(viewer);
    assert.equal(answer.editable, false);
    assert.ok(answer.list.every((group) => !group.editable));
  });
});
