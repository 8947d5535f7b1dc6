import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { PERMISSION_DENIED_CODE } from '../../core/api/catalogue.js';
import type { DnsDomain, DnsExportAnswer, DnsGroup, DnsRecordListAnswer } from '../../core/api/endpoints/dns.js';
import type { ListAnswer } from '../../core/api/endpoints/platform.js';
import { DEMO_VIEWER_DNS_ZONE } from '../../demo/server/features/account/viewer-seed.js';
import { DEMO_MEMBER_ID, DEMO_VIEWER_PASSWORD, DEMO_VIEWER_USER_NAME } from '../../demo/server/platform/demo-accounts.js';
import { call, expectOk, signInChild, signInParent, startServer } from './helpers.js';

describe('DNS editable flags (rules §6; issue 19)', () => {
  let app: FastifyInstance;
  let parent: string;
  let child: string;
  let viewer: string;

  before(async () => {
    // Groups are looked up by their English names, so the English seed.
    ({ app } = await startServer({ seedLanguage: 'en_US' }));
    parent = (await signInParent(app)).token;
    child = (await signInChild(app)).token;
    viewer = (await signInChild(app, DEMO_MEMBER_ID, DEMO_VIEWER_USER_NAME, DEMO_VIEWER_PASSWORD)).token;
  });
  after(() => app.close());

  const domains = (token: string) => expectOk<ListAnswer<DnsDomain>>(app, 'GET', 'V4/dns.domain.list', { token, query: { per_page: 100 } });
  const groups = (token: string) => expectOk<ListAnswer<DnsGroup>>(app, 'GET', 'V4/dns.group.list', { token, query: { per_page: 100 } });
  const records = (token: string, domainId: number) => expectOk<DnsRecordListAnswer>(app, 'GET', 'V4/dns.record.list', { token, query: { domain_id: domainId } });

  it('rules §6; issue 19: the parent may change every zone, record and group', async () => {
    const list = await domains(parent);
    assert.ok(list.list.length > 0 && list.list.every((row) => row.editable));
    const zone = list.list[0]!;
    assert.equal((await expectOk<DnsDomain>(app, 'GET', 'V4/dns.domain.get', { token: parent, query: { id: zone.id } })).editable, true);
    const answer = await records(parent, zone.id);
    assert.equal(answer.domain.editable, true);
    assert.ok(answer.list.every((row) => row.editable));
    assert.ok((await groups(parent)).list.every((row) => row.editable));
  });

  it('rules §6; issue 19: the demo child (domain manage) may change its zones and records, not a group holding zones it cannot see', async () => {
    const list = await domains(child);
    assert.ok(list.list.length > 0 && list.list.every((row) => row.editable));
    const answer = await records(child, list.list[0]!.id);
    assert.ok(answer.domain.editable && answer.list.every((row) => row.editable));
    const shown = (await groups(child)).list;
    // Production holds example.net, which the child does not see: renaming it would change another group's zone.
    const production = shown.find((row) => row.name === 'Production')!;
    assert.equal(production.editable, false);
    const refused = await call(app, 'POST', 'V4/dns.group.update', { token: child, body: { id: production.id, name: 'Renamed', remark: '' } });
    assert.equal(refused.code, PERMISSION_DENIED_CODE);
    const created = await expectOk<DnsGroup>(app, 'POST', 'V4/dns.group.create', { token: child, body: { name: 'Child empty group', remark: '' } });
    assert.equal(created.editable, true);
    assert.equal((await groups(child)).list.find((row) => row.id === created.id)!.editable, true);
  });

  it('rules §6; issue 19: the viewer (domain read) sees its one zone, its records and their group read-only, and every change is refused', async () => {
    const list = await domains(viewer);
    assert.deepEqual(list.list.map((row) => row.domain), [DEMO_VIEWER_DNS_ZONE]);
    const zone = list.list[0]!;
    assert.equal(zone.editable, false);
    assert.equal((await expectOk<DnsDomain>(app, 'GET', 'V4/dns.domain.get', { token: viewer, query: { id: zone.id } })).editable, false);
    const answer = await records(viewer, zone.id);
    assert.equal(answer.domain.editable, false);
    assert.ok(answer.list.length > 0 && answer.list.every((row) => !row.editable));
    const exported = await expectOk<DnsExportAnswer>(app, 'GET', 'V4/dns.record.export', { token: viewer, query: { domain_id: zone.id } });
    assert.ok(!exported.domain.editable && exported.records.every((row) => !row.editable));
    const shown = (await groups(viewer)).list;
    assert.ok(shown.some((row) => row.name === 'Staging'));
    assert.ok(shown.every((row) => !row.editable));
    // The same rule refuses on save: nothing the flags offer fails only there.
    for (const [path, body] of [
      ['V4/dns.domain.status', { ids: [zone.id], status: 'normal' }],
      ['V4/dns.domain.delete', { ids: [zone.id] }],
      ['V4/dns.record.delete', { ids: [answer.list[0]!.id] }],
      ['V4/dns.group.create', { name: 'Viewer group', remark: '' }],
      ['V4/dns.group.delete', { ids: [shown[0]!.id] }],
    ] as const) {
      assert.equal((await call(app, 'POST', path, { token: viewer, body })).code, PERMISSION_DENIED_CODE, path);
    }
  });
});
