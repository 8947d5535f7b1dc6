/**
 * The HTTPS and URI rewrite tabs' shared rules (core/settings/https.ts), as the browser forms and the reference
 * server run them: rules §3 HTTPS settings, rules §5 jump port / URI rewrite / Redirect, rules §9 HSTS one month.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  defaultHttps,
  hstsPersistsUntil,
  renumberRules,
  validateCustomCiphers,
  validateHttps,
  validateUpstreamRedirect,
  validateUpstreamUriChange,
} from '../../../core/settings/https.js';

const keys = (issues: { field?: string; key: string }[]) => issues.map((entry) => `${entry.field} ${entry.key}`);

describe('core/settings/https.ts', () => {
  it('rules §3/§5: defaults are valid; jump port 443 by default and 1-65535', () => {
    assert.deepEqual(validateHttps(defaultHttps()), []);
    assert.equal(defaultHttps().jump_port, 443);
    const on = { ...defaultHttps(), status: 'on' as const, certificate_id: 1, redirect: 'all' as const };
    assert.deepEqual(validateHttps({ ...on, jump_port: 1 }), []);
    assert.deepEqual(validateHttps({ ...on, jump_port: 65535 }), []);
    assert.deepEqual(keys(validateHttps({ ...on, jump_port: 0 })), ['jump_port origin.port-error']);
    assert.deepEqual(keys(validateHttps({ ...on, jump_port: '44x' as unknown as number })), ['jump_port origin.port-error']);
  });

  it('custom cipher lists: OpenSSL tokens separated by colons', () => {
    assert.equal(validateCustomCiphers('ECDHE-RSA-AES128-GCM-SHA256:!aNULL:+AES256:@STRENGTH'), null);
    assert.equal(validateCustomCiphers('AES128 <script>')?.key, 'https-tab.cipher-format');
    assert.equal(validateCustomCiphers('')?.key, 'common.required');
  });

  it('rules §9: HSTS persists one calendar month after it is turned off', () => {
    assert.equal(hstsPersistsUntil('2026-01-31T10:00:00.000Z')!.toISOString(), '2026-03-03T10:00:00.000Z');
    assert.equal(hstsPersistsUntil('2026-05-10T00:00:00.000Z')!.toISOString(), '2026-06-10T00:00:00.000Z');
    assert.equal(hstsPersistsUntil(null), null);
  });

  it('rules §5 URI rewrite: off with no rules is fine; on needs one; listed rules are checked even while off', () => {
    assert.deepEqual(validateUpstreamUriChange({ status: 'off', rules: [] }), []);
    assert.deepEqual(keys(validateUpstreamUriChange({ status: 'on', rules: [] })), ['rules common.rule-required']);
    assert.deepEqual(keys(validateUpstreamUriChange({ status: 'off', rules: [{ method: 'uri-overwrite', source: '/a', target: '/', priority: 1 }] })), [
      'rules.0.target origin.rewrite-root-forbidden',
    ]);
    assert.deepEqual(renumberRules([{ priority: 7 }, { priority: 3 }]), [{ priority: 1 }, { priority: 2 }]);
  });

  it('rules §5 Redirect: implicit forwarding to http only while HTTPS is off', () => {
    const rule = { source_port: 80, source_path: '/', target: 'http://a.example/', kind: 'implicit' as const };
    assert.deepEqual(validateUpstreamRedirect({ status: 'on', rules: [rule] }, { httpsEnabled: false }), []);
    assert.deepEqual(keys(validateUpstreamRedirect({ status: 'on', rules: [rule] }, { httpsEnabled: true })), ['rules.0.target origin.implicit-forward-https']);
    assert.deepEqual(validateUpstreamRedirect({ status: 'on', rules: [{ ...rule, kind: 302 }] }, { httpsEnabled: true }), []);
  });
});
