import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CONFIG_TEMPLATE_NAME_MAX_LENGTH,
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
