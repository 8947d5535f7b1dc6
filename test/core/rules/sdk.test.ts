import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deviceReputation, validateSdkBusiness, validateSdkConfig, validateSdkPackage } from '../../../core/rules/sdk.js';

const level = (online_hours: number, launches: number) => deviceReputation({ online_hours, launches }).level;
const reason = (online_hours: number, launches: number) => deviceReputation({ online_hours, launches }).reason.key;

describe('rules §9 device reputation: premium over 48 h and over 50 launches; normal over 8 h and over 20; risk below', () => {
  it('rules §9 premium: "over" is strictly greater, both figures must pass', () => {
    assert.equal(level(48.01, 51), 'premium');
    assert.equal(level(49, 51), 'premium');
    assert.equal(reason(49, 51), 'sdk.reputation-premium');
    // Exactly at the premium bar is not over it.
    assert.equal(level(48, 50), 'normal');
    assert.equal(reason(48, 50), 'sdk.reputation-normal-both');
    assert.equal(level(48, 51), 'normal');
    assert.equal(reason(48, 51), 'sdk.reputation-normal-hours');
    assert.equal(level(49, 50), 'normal');
    assert.equal(reason(49, 50), 'sdk.reputation-normal-launches');
    assert.equal(level(1000, 50), 'normal');
  });

  it('rules §9 normal: exactly 8 h and 20 launches is risk, one over each is normal', () => {
    assert.equal(level(8, 20), 'risk');
    assert.equal(reason(8, 20), 'sdk.reputation-risk-both');
    assert.equal(level(8.01, 21), 'normal');
    assert.equal(level(9, 21), 'normal');
    assert.equal(level(8, 21), 'risk');
    assert.equal(reason(8, 21), 'sdk.reputation-risk-hours');
    assert.equal(level(9, 20), 'risk');
    assert.equal(reason(9, 20), 'sdk.reputation-risk-launches');
  });

  it('rules §9 risk below: many hours with few launches (or the reverse) stay risk', () => {
    assert.equal(level(500, 3), 'risk');
    assert.equal(level(1, 500), 'risk');
    assert.equal(level(0, 0), 'risk');
  });

  it('a negative or non-finite figure counts as none (it can never raise the level)', () => {
    assert.equal(level(-5, 100), 'risk');
    assert.equal(level(Number.NaN, 100), 'risk');
    assert.equal(level(Number.POSITIVE_INFINITY, 100), 'risk');
  });

  it('the reason carries the figures and the bars for the message', () => {
    const { values } = deviceReputation({ online_hours: 8.456, launches: 20 }).reason;
    assert.deepEqual(values, { hours: 8.46, launches: 20, premiumHours: 48, premiumLaunches: 50, normalHours: 8, normalLaunches: 20 });
  });
});

describe('rules §2 SDK business form', () => {
  const valid = { name: 'Shop app', android_package: 'com.example.shop', ios_bundle: '', remark: '' };
  it('accepts a name and one platform', () => {
    assert.deepEqual(validateSdkBusiness(valid), []);
    assert.deepEqual(validateSdkBusiness({ ...valid, android_package: '', ios_bundle: 'com.example.shop-ios' }), []);
  });
  it('needs a name and at least one platform', () => {
    const found = validateSdkBusiness({ name: ' ', android_package: '', ios_bundle: '', remark: '' });
    assert.deepEqual(found.map((entry) => `${entry.field} ${entry.key}`), ['name common.required', 'android_package sdk.platform-required']);
  });
  it('checks each platform id and the remark length', () => {
    const found = validateSdkBusiness({ name: 'A', android_package: '1com.bad', ios_bundle: 'single', remark: 'x'.repeat(65) });
    assert.deepEqual(found.map((entry) => `${entry.field} ${entry.key}`), ['name common.length-range', 'android_package sdk.android-package', 'ios_bundle sdk.ios-bundle', 'remark common.too-long']);
  });
});

describe('rules §5 forwarding packages: at most 1000 ports at once for the application product', () => {
  const form = { name: 'Game ports', business_id: 1, protocol: 'tcp', ports: '10000-10999', source_ips: ['10.0.0.1'], source_port: 8000 };
  it('rules §5 accepts exactly 1000 ports (the standard product stops at 100)', () => {
    const { issues, ports } = validateSdkPackage(form);
    assert.deepEqual(issues, []);
    assert.equal(ports.length, 1000);
    assert.equal(ports[0], 10000);
  });
  it('rules §5 refuses 1001 ports with the layer-4 message and the product limit', () => {
    const { issues } = validateSdkPackage({ ...form, ports: '10000-11000' });
    assert.deepEqual(issues, [{ field: 'ports', key: 'origin.l4-too-many-ports', values: { max: 1000 } }]);
  });
  it('reuses layer-4 rules for repeats, sources and the source port', () => {
    const { issues } = validateSdkPackage({ ...form, ports: '80, 80', source_ips: [], source_port: 70000, protocol: 'sctp', business_id: null, name: '' });
    assert.deepEqual(issues.map((entry) => `${entry.field} ${entry.key}`), [
      'name common.required',
      'business_id common.required',
      'protocol common.required',
      'ports layer4.port-taken',
      'source_ips layer4.source-required',
      'source_port origin.port-error',
    ]);
  });
});

describe('SDK protection settings', () => {
  it('threshold 10-100000 and a known risk action', () => {
    assert.deepEqual(validateSdkConfig({ cc_threshold: 10, risk_action: 'verify' }), []);
    assert.deepEqual(validateSdkConfig({ cc_threshold: 9, risk_action: 'nope' }).map((entry) => entry.key), ['common.integer-range', 'common.required']);
  });
});
