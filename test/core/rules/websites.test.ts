import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CONFIG_TEMPLATE_NAME_MAX_LENGTH,
  ORIGIN_WEIGHT_RANGE,
  validateBatchConfigSite,
  validateDomainOwnership,
  validateDomainQuota,
  validateNewGroupName,
  validateNewWebsiteDomain,
  validateStatusChange,
  validateWebsiteDeletable,
  validateWebsiteGroup,
  validateWebsiteOrigins,
  validateWebsitePlan,
  validateWebsiteSettings,
  TEMPLATE_NAME_LENGTH,
  TEMPLATE_REMARK_LENGTH,
  validateBatchConfiguration,
  validateConfigTemplateName,
  validateTemplateChosen,
  validateTemplateName,
  validateTemplateRemark,
  validateWebsite,
  validateWebsiteBatchDelete,
  validateWebsiteDomain,
  validateWebsiteDomains,
  validateWebsiteRemark,
  WEBSITE_BATCH_MAX,
  WEBSITE_PICKER_ROWS,
  WEBSITE_REMARK_LENGTH,
} from '../../../core/rules/websites.js';

const domains = (count: number) => Array.from({ length: count }, (_, i) => `site${i}.example.com`);

describe('rules §5 Websites and templates', () => {
  it('rules §5 / §9: domain format check and length at most 255, wildcards allowed', () => {
    assert.equal(validateWebsiteDomain('www.example.com'), null);
    assert.equal(validateWebsiteDomain('*.example.com'), null);
    assert.deepEqual(validateWebsiteDomain('exa mple.com'), { key: 'domain.format-error' });
    assert.deepEqual(validateWebsiteDomain(''), { key: 'domain.required' });
    const label = 'a'.repeat(63);
    const long255 = `${label}.${label}.${label}.${'b'.repeat(60)}.cn`;
    assert.equal(long255.length, 255);
    assert.equal(validateWebsiteDomain(long255), null);
    assert.deepEqual(validateWebsiteDomain(`a${long255}`), { key: 'domain.too-long', values: { max: 255 } });
  });
  it('rules §5 / §9: at most 500 domains per submission, no duplicates ("Please check the duplicate domain")', () => {
    assert.equal(WEBSITE_BATCH_MAX, 500);
    assert.equal(validateWebsiteDomains(domains(500)).issue, null);
    assert.deepEqual(validateWebsiteDomains(domains(501)).issue, { key: 'websites.too-many-domains', values: { max: 500, count: 501 } });
    assert.deepEqual(validateWebsiteDomains('a.com\nA.com').issue, { key: 'websites.duplicate-domain' });
    assert.deepEqual(validateWebsiteDomains('').issue, { key: 'batch.empty' });
  });
  it('rules §9: batch delete at most 500', () => {
    assert.equal(validateWebsiteBatchDelete(domains(500)), null);
    assert.deepEqual(validateWebsiteBatchDelete(domains(501)), { key: 'websites.too-many-domains', values: { max: 500 } });
    assert.deepEqual(validateWebsiteBatchDelete([]), { key: 'websites.select-domain' });
  });
  it('rules §5: domain remark 4-32 characters (stricter than the "note at most 64" reading), optional', () => {
    assert.deepEqual(WEBSITE_REMARK_LENGTH, { min: 4, max: 32 });
    assert.equal(validateWebsiteRemark(''), null);
    assert.equal(validateWebsiteRemark('abcd'), null);
    assert.equal(validateWebsiteRemark('a'.repeat(32)), null);
    assert.deepEqual(validateWebsiteRemark('abc'), { key: 'common.length-range', values: { min: 4, max: 32 } });
    assert.deepEqual(validateWebsiteRemark('a'.repeat(33)), { key: 'common.length-range', values: { min: 4, max: 32 } });
  });
  it('rules §5: a template must be chosen', () => {
    assert.deepEqual(validateTemplateChosen(null), { key: 'websites.template-required' });
    assert.equal(validateTemplateChosen('t1'), null);
  });
  it('rules §5: template name 4-32, template remark 4-128, configuration template name at most 30', () => {
    assert.deepEqual(TEMPLATE_NAME_LENGTH, { min: 4, max: 32 });
    assert.deepEqual(TEMPLATE_REMARK_LENGTH, { min: 4, max: 128 });
    assert.equal(CONFIG_TEMPLATE_NAME_MAX_LENGTH, 30);
    assert.deepEqual(validateTemplateName(''), { key: 'common.required' });
    assert.deepEqual(validateTemplateName('abc'), { key: 'common.length-range', values: { min: 4, max: 32 } });
    assert.equal(validateTemplateName('abcd'), null);
    assert.deepEqual(validateTemplateName('a'.repeat(33)), { key: 'common.length-range', values: { min: 4, max: 32 } });
    assert.equal(validateTemplateRemark(undefined), null);
    assert.equal(validateTemplateRemark('a'.repeat(128)), null);
    assert.deepEqual(validateTemplateRemark('a'.repeat(129)), { key: 'common.length-range', values: { min: 4, max: 128 } });
    assert.equal(validateConfigTemplateName('a'.repeat(30)), null);
    assert.deepEqual(validateConfigTemplateName('a'.repeat(31)), { key: 'common.too-long', values: { max: 30 } });
    assert.deepEqual(validateConfigTemplateName(' '), { key: 'common.required' });
  });
  it('rules §5: batch configuration needs a configuration and a selection; unapproved or origin-less sites are refused', () => {
    const good = { domain: 'a.com', approved: true, hasOrigin: true };
    assert.deepEqual(validateBatchConfiguration(['cache'], [good]), []);
    assert.deepEqual(validateBatchConfiguration([], []), [
      { field: 'configurations', key: 'websites.batch-config-required' },
      { field: 'sites', key: 'websites.select-domain' },
    ]);
    assert.deepEqual(
      validateBatchConfiguration(['cache'], [good, { domain: 'b.com', approved: false, hasOrigin: true }, { domain: 'c.com', approved: true, hasOrigin: false }]),
      [{ field: 'sites', key: 'websites.batch-config-refused', values: { domains: 'b.com, c.com' } }],
    );
  });
  it('rules §5: website picker shows 500 rows; the add-website form answers field issues per line', () => {
    assert.equal(WEBSITE_PICKER_ROWS, 500);
    assert.deepEqual(validateWebsite({ domains: 'a.com\nb.com', templateId: 1, remark: 'shop' }), []);
    assert.deepEqual(validateWebsite({ domains: 'a.com\n\nbad', templateId: null, remark: 'x' }), [
      { field: 'domains.3', key: 'domain.format-error' },
      { field: 'templateId', key: 'websites.template-required' },
      { field: 'remark', key: 'common.length-range', values: { min: 4, max: 32 } },
    ]);
  });
});

describe('rules §3-§8 websites: the rules of the domain elements and routes', () => {
  it('rules §5, §8: a site unapproved or without an origin cannot be batch configured (per row)', () => {
    assert.equal(validateBatchConfigSite({ approved: true, hasOrigin: true }), null);
    assert.deepEqual(validateBatchConfigSite({ approved: false, hasOrigin: true }), { key: 'websites.cannot-batch-configure' });
    assert.deepEqual(validateBatchConfigSite({ approved: true, hasOrigin: false }), { key: 'websites.cannot-batch-configure' });
  });
  it('rules §4, §8: approval fails with "Current input domain invalid or already bound"; a site is not added twice', () => {
    assert.equal(validateDomainOwnership(false), null);
    assert.deepEqual(validateDomainOwnership(true), { key: 'websites.domain-bound-elsewhere' });
    assert.equal(validateNewWebsiteDomain(false), null);
    assert.deepEqual(validateNewWebsiteDomain(true), { key: 'websites.domain-exists' });
  });
  it('shell §3 domain_usage: additions may not pass the plan total', () => {
    assert.equal(validateDomainQuota(18, 2, 20), null);
    assert.deepEqual(validateDomainQuota(18, 3, 20), { key: 'websites.quota-exceeded', values: { max: 20, available: 2 } });
    assert.deepEqual(validateDomainQuota(25, 1, 20), { key: 'websites.quota-exceeded', values: { max: 20, available: 0 } });
  });
  it('rules §8: "Domain information not found"; delete refused while bound to a TCP package', () => {
    assert.deepEqual(validateWebsiteDeletable(undefined), { key: 'websites.not-found' });
    assert.equal(validateWebsiteDeletable({ tcpPackage: '' }), null);
    assert.deepEqual(validateWebsiteDeletable({ tcpPackage: 'TCP Pro 01' }), { key: 'websites.tcp-bound' });
  });
  it('rules §4, shell §4: only approved sites can be suspended, only suspended ones enabled', () => {
    for (const status of ['serving', 'deploying', 'no_origin', 'returned_to_origin', 'updating']) assert.equal(validateStatusChange(status, 'suspend'), null, status);
    for (const status of ['pending_approval', 'approval_failed', 'suspended']) {
      assert.deepEqual(validateStatusChange(status, 'suspend'), { key: 'websites.cannot-suspend' }, status);
    }
    assert.equal(validateStatusChange('suspended', 'enable'), null);
    assert.deepEqual(validateStatusChange('serving', 'enable'), { key: 'websites.cannot-enable' });
  });
  it('rules §3, §5: origins need a primary line, valid addresses and ports, no pair twice, and a weight of 1-100', () => {
    assert.deepEqual(ORIGIN_WEIGHT_RANGE, { min: 1, max: 100 });
    const primary = { address: '192.0.2.1', port: 80, line: 'primary' as const, weight: 10 };
    assert.deepEqual(validateWebsiteOrigins([primary, { ...primary, address: 'origin.example.com', line: 'backup', weight: '100' }]), []);
    assert.deepEqual(validateWebsiteOrigins([{ ...primary, line: 'backup', weight: 0 }]), [
      { field: 'origins', key: 'origin.main-line-required' },
      { field: 'origins.0.weight', key: 'websites.weight-range', values: { min: 1, max: 100 } },
    ]);
    assert.deepEqual(validateWebsiteOrigins([primary, primary]), [{ field: 'origins.1.port', key: 'origin.port-exists' }]);
  });
  it('rules §6: adding needs the domain_add action; HTTPS only where the plan allows it', () => {
    const all = { addAllowed: true, httpsAllowed: true, websocketAllowed: true };
    assert.deepEqual(validateWebsitePlan({ https: true }, all), []);
    assert.deepEqual(validateWebsitePlan({ https: false }, { ...all, httpsAllowed: false }), []);
    assert.deepEqual(validateWebsitePlan({ https: true }, { addAllowed: false, httpsAllowed: false, websocketAllowed: false }), [
      { field: 'domains', key: 'websites.add-not-in-plan' },
      { field: 'https', key: 'websites.https-not-in-plan' },
    ]);
  });
  it('rules §5: batch setting needs a configuration; switches are on/off, the origin timeout 1-300 s, WebSocket plan-gated', () => {
    assert.deepEqual(validateWebsiteSettings({}, { websocketAllowed: true }), [{ field: 'settings', key: 'websites.batch-config-required' }]);
    assert.deepEqual(validateWebsiteSettings({ page_gzip: 'on', origin_timeout: 300 }, { websocketAllowed: true }), []);
    assert.deepEqual(validateWebsiteSettings({ Webp: 'yes', origin_timeout: 0, websocket: 'on' }, { websocketAllowed: false }), [
      { field: 'settings.Webp', key: 'websites.switch-value' },
      { field: 'settings.websocket', key: 'websites.websocket-not-in-plan' },
      { field: 'settings.origin_timeout', key: 'origin.timeout-range', values: { min: 1, max: 300 } },
    ]);
  });
  it('rules §3, §5: a website group has a name of 1-40 characters, unique in the account, and an optional remark of 4-32', () => {
    assert.deepEqual(validateWebsiteGroup({ name: 'Production', remark: '' }), []);
    assert.deepEqual(validateWebsiteGroup({ name: ' ', remark: 'abc' }), [
      { field: 'name', key: 'accounts.group-name-required' },
      { field: 'remark', key: 'common.length-range', values: { min: 4, max: 32 } },
    ]);
    assert.deepEqual(validateWebsiteGroup({ name: 'x'.repeat(41) }), [{ field: 'name', key: 'common.too-long', values: { max: 40 } }]);
    assert.equal(validateNewGroupName(false), null);
    assert.deepEqual(validateNewGroupName(true), { key: 'websites.group-exists' });
  });
});
