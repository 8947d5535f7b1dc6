/**
 * The application protection product (rules §2 "business, device reputation, forwarding packages, reports"): the
 * device reputation of rules §3 and §9, the business form, the forwarding package form with the product's port limit
 * (rules §5 "1000 for the application product"), and the protection settings. The console and the reference server
 * run the same code.
 */
import { LAYER4_PROTOCOLS } from '../api/endpoints/layer4.js';
import { SDK_RISK_ACTIONS, type SdkReputationLevel, type SdkReputationReason } from '../api/endpoints/sdk.js';
import { isBlank, parseInteger, validateIntegerRange, validateLength, type Bounds } from './common.js';
import { parsePortList, validateLayer4Port, validateLayer4Sources } from './layer4.js';
import { issue, onField, type FieldIssue, type RuleIssue } from './types.js';

/**
 * Rules §9 "Device reputation: premium: over 48 hours online and over 50 launches; normal: over 8 hours and over 20
 * launches; risk below". "Over" is read as strictly greater (the stricter of the two readings): a device with exactly
 * 48 hours and 50 launches is normal, one with exactly 8 hours and 20 launches is risk. Both figures must pass.
 */
export const SDK_REPUTATION_THRESHOLDS = {
  premium: { hours: 48, launches: 50 },
  normal: { hours: 8, launches: 20 },
} as const;

/** What the reputation is computed from: a device's sessions summed. */
export interface DeviceActivity {
  online_hours: number;
  launches: number;
}

/** A device's level and why. */
export interface DeviceReputation {
  level: SdkReputationLevel;
  reason: SdkReputationReason;
}

/** A count the reputation can trust: a negative or non-finite figure counts as none (it can only lower the level). */
const trusted = (value: number) => (Number.isFinite(value) && value > 0 ? value : 0);

/**
 * The reputation of a device (rules §3 levels, rules §9 thresholds), with the message saying which figure kept it
 * from the level above. Hours keep two decimals in the message; the comparison uses the exact figure.
 */
export function deviceReputation(activity: DeviceActivity): DeviceReputation {
  const hours = trusted(activity.online_hours);
  const launches = trusted(activity.launches);
  const { premium, normal } = SDK_REPUTATION_THRESHOLDS;
  const values = {
    hours: Math.round(hours * 100) / 100,
    launches,
    premiumHours: premium.hours,
    premiumLaunches: premium.launches,
    normalHours: normal.hours,
    normalLaunches: normal.launches,
  };
  const short = (bar: { hours: number; launches: number }) => ({ hours: !(hours > bar.hours), launches: !(launches > bar.launches) });
  const premiumShort = short(premium);
  if (!premiumShort.hours && !premiumShort.launches) return { level: 'premium', reason: { key: 'sdk.reputation-premium', values } };
  const normalShort = short(normal);
  if (!normalShort.hours && !normalShort.launches) {
    const key = premiumShort.hours && premiumShort.launches ? 'sdk.reputation-normal-both' : premiumShort.hours ? 'sdk.reputation-normal-hours' : 'sdk.reputation-normal-launches';
    return { level: 'normal', reason: { key: issue(key).key, values } };
  }
  const key = normalShort.hours && normalShort.launches ? 'sdk.reputation-risk-both' : normalShort.hours ? 'sdk.reputation-risk-hours' : 'sdk.reputation-risk-launches';
  return { level: 'risk', reason: { key: issue(key).key, values } };
}

/** Business name length (the spec gives none; the layer-4 package name's room). */
export const SDK_BUSINESS_NAME_LENGTH: Bounds = { min: 2, max: 50 };
/** Remark length (the spec gives none; the domain remark's upper bound, rules §5 Websites). */
export const SDK_REMARK_LENGTH: Bounds = { min: 0, max: 64 };
/** Android package names are at most 255 characters (Android's own limit). */
export const SDK_ANDROID_PACKAGE_MAX = 255;
/** iOS bundle IDs: at most 155 characters (Apple's limit). */
export const SDK_IOS_BUNDLE_MAX = 155;
/** SDK key name length. */
export const SDK_KEY_NAME_LENGTH: Bounds = { min: 1, max: 32 };
/** Package name length. */
export const SDK_PACKAGE_NAME_LENGTH: Bounds = { min: 2, max: 50 };
/** CC threshold: requests a minute from one device. */
export const SDK_CC_THRESHOLD: Bounds = { min: 10, max: 100_000 };

/** Android: two or more segments, each starting with a letter (Java identifiers). */
const ANDROID_PACKAGE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
/** iOS: reverse-DNS with letters, digits and hyphens, at least two segments. */
const IOS_BUNDLE = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

/** An Android package name, empty allowed (the app may have no Android build). */
export function validateAndroidPackage(value: string): RuleIssue | null {
  const text = value.trim();
  if (text === '') return null;
  return text.length <= SDK_ANDROID_PACKAGE_MAX && ANDROID_PACKAGE.test(text) ? null : issue('sdk.android-package');
}

/** An iOS bundle ID, empty allowed. */
export function validateIosBundle(value: string): RuleIssue | null {
  const text = value.trim();
  if (text === '') return null;
  return text.length <= SDK_IOS_BUNDLE_MAX && IOS_BUNDLE.test(text) ? null : issue('sdk.ios-bundle');
}

/** A business as typed. */
export interface SdkBusinessForm {
  name: string;
  android_package: string;
  ios_bundle: string;
  remark: string;
}

/** Every issue of a business form: a name, at least one platform's app id, each well formed, a short remark. */
export function validateSdkBusiness(form: SdkBusinessForm): FieldIssue[] {
  const noPlatform = isBlank(form.android_package) && isBlank(form.ios_bundle);
  return [
    ...onField('name', isBlank(form.name) ? issue('common.required') : validateLength(form.name.trim(), SDK_BUSINESS_NAME_LENGTH)),
    ...onField('android_package', noPlatform ? issue('sdk.platform-required') : validateAndroidPackage(form.android_package)),
    ...onField('ios_bundle', noPlatform ? null : validateIosBundle(form.ios_bundle)),
    ...onField('remark', validateLength(form.remark, SDK_REMARK_LENGTH)),
  ];
}

/** A forwarding package as typed. */
export interface SdkPackageForm {
  name: string;
  business_id: number | string | null;
  protocol: string;
  ports: string;
  source_ips: readonly string[];
  source_port: number | string;
}

/**
 * Every issue of a forwarding package, and its parsed ports. The port list is layer-4's (core/rules/layer4.ts) with
 * the application product's limit: at most 1000 ports at once (rules §5, rules §9 "Ports per layer-4 rule 100 (1000
 * app product)"); the sources and the source port are layer-4's rules too.
 */
export function validateSdkPackage(form: SdkPackageForm): { issues: FieldIssue[]; ports: number[] } {
  const ports = parsePortList(form.ports, 'application');
  const businessId = typeof form.business_id === 'number' ? form.business_id : parseInteger(form.business_id ?? null);
  const issues = [
    ...onField('name', isBlank(form.name) ? issue('common.required') : validateLength(form.name.trim(), SDK_PACKAGE_NAME_LENGTH)),
    ...onField('business_id', businessId === null || businessId < 1 ? issue('common.required') : null),
    ...onField('protocol', (LAYER4_PROTOCOLS as readonly string[]).includes(form.protocol) ? null : issue('common.required')),
    ...onField('ports', ports.issue),
    ...onField('source_ips', validateLayer4Sources('ip', form.source_ips)),
    ...onField('source_port', validateLayer4Port(form.source_port)),
  ];
  return { issues, ports: ports.ports.sort((a, b) => a - b) };
}

/** Protection settings as typed. */
export interface SdkConfigForm {
  cc_threshold: number | string;
  risk_action: string;
}

/** Every issue of a business's protection settings. */
export function validateSdkConfig(form: SdkConfigForm): FieldIssue[] {
  return [
    ...onField('cc_threshold', validateIntegerRange(form.cc_threshold, SDK_CC_THRESHOLD)),
    ...onField('risk_action', (SDK_RISK_ACTIONS as readonly string[]).includes(form.risk_action) ? null : issue('common.required')),
  ];
}

/** An SDK key name. */
export function validateSdkKeyName(name: string): RuleIssue | null {
  return isBlank(name) ? issue('common.required') : validateLength(name.trim(), SDK_KEY_NAME_LENGTH);
}
