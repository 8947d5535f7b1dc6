/**
 * `V4/permission.get.grants` (issue 19: each element knows the caller's grant from the API, not guessed; rules §6):
 * a parent holds every module over all objects with manage access; a child holds exactly its group's grants, and a
 * module its group is not granted is absent.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { SESSION_EXPIRED_CODE } from '../../core/api/catalogue.js';
import type { CallerGrantsAnswer } from '../../core/api/endpoints/platform.js';
import { accessLevel } from '../../core/session/caller-grants.js';
import type { ListAnswer } from '../../core/api/endpoints/platform.js';
import type { WebsiteInfo } from '../../core/api/endpoints/websites.js';
import { DEMO_MEMBER_ID, DEMO_VIEWER_PASSWORD, DEMO_VIEWER_USER_NAME, DEMO_VIEWER_WEBSITE } from '../../demo/server/platform/demo-accounts.js';
import { call, expectOk, signInChild, signInParent, startServer } from './helpers.js';

describe('caller grants (rules §6; issue 19)', () => {
  let app: FastifyInstance;
  before(async () => {
    ({ app } = await startServer());
  });
  after(() => app.close());

  it('gives a parent every module over all objects with manage access', async () => {
    const { token } = await signInParent(app);
    const { grants } = await expectOk<CallerGrantsAnswer>(app, 'GET', 'V4/permission.get.grants', { token });
    assert.deepEqual(
      grants.map((grant) => [grant.module, grant.object_scope, grant.access]),
      [
        ['domain', 'all', 'manage'],
        ['certificate', 'all', 'manage'],
        ['dedicated_ip', 'all', 'manage'],
        // Issue 26 adds the modules of wave 2 to the permission model.
        ['dns', 'all', 'manage'],
        ['security_policy', 'all', 'manage'],
        ['logs', 'all', 'manage'],
        ['reports', 'all', 'manage'],
        // Issue 28: layer-4 rules are granted per rule.
        ['layer4', 'all', 'manage'],
      ],
    );
  });

  it("gives a child its group's grants and nothing else", async () => {
    const { token } = await signInChild(app);
    const { grants } = await expectOk<CallerGrantsAnswer>(app, 'GET', 'V4/permission.get.grants', { token });
    assert.equal(accessLevel(grants, 'domain'), 'manage');
    assert.equal(accessLevel(grants, 'certificate'), 'read');
    assert.equal(accessLevel(grants, 'dedicated_ip'), 'none');
    assert.equal(grants.find((grant) => grant.module === 'domain')?.object_scope, 'specified');
  });

  it('gives the read-only demo child read access to one website and its certificates only', async () => {
    const { token } = await signInChild(app, DEMO_MEMBER_ID, DEMO_VIEWER_USER_NAME, DEMO_VIEWER_PASSWORD);
    const { grants } = await expectOk<CallerGrantsAnswer>(app, 'GET', 'V4/permission.get.grants', { token });
    assert.equal(accessLevel(grants, 'domain'), 'read');
    assert.equal(accessLevel(grants, 'certificate'), 'read');
    const sites = await expectOk<ListAnswer<WebsiteInfo>>(app, 'GET', 'V4/cloudsafe.hwws.website.list', { token });
    assert.deepEqual(sites.list.map((site) => site.domain), [DEMO_VIEWER_WEBSITE]);
  });

  it('answers only a signed-in caller', async () => {
    const answer = await call(app, 'GET', 'V4/permission.get.grants');
    assert.equal(answer.code, SESSION_EXPIRED_CODE);
  });
});
