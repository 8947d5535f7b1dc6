/**
 * Catalogue keys (namespace `condition-builder`) of match types, operators, their preview phrases and the fixed
 * options, written out rather than built from the values so the catalogue test and a key search find every one.
 */
import type { TFunction } from '../../../i18n/i18n.js';
import type { MatchOperator } from '../../../rules/match-catalogue.js';
import type { MatchType } from '../../../rules/waf.js';

const TYPE_KEYS: Record<MatchType, string> = {
  ip: 'type.ip',
  url: 'type.url',
  domain: 'type.domain',
  'request-parameter': 'type.request-parameter',
  ja3: 'type.ja3',
  ja3n: 'type.ja3n',
  ja4: 'type.ja4',
  ja4h: 'type.ja4h',
  region: 'type.region',
  'query-string': 'type.query-string',
  header: 'type.header',
  time: 'type.time',
  method: 'type.method',
  'device-type': 'type.device-type',
  'ip-type': 'type.ip-type',
  suffix: 'type.suffix',
  'ip-rate': 'type.ip-rate',
  'url-rate': 'type.url-rate',
  'status-code': 'type.status-code',
  'referer-domain': 'type.referer-domain',
  protocol: 'type.protocol',
  'server-port': 'type.server-port',
  'ip-behaviour': 'type.ip-behaviour',
  'condition-rule': 'type.condition-rule',
};

const OPERATOR_KEYS: Record<MatchOperator, { label: string; phrase: string }> = {
  equals: { label: 'operator.equals', phrase: 'phrase.equals' },
  'not-equals': { label: 'operator.not-equals', phrase: 'phrase.not-equals' },
  contains: { label: 'operator.contains', phrase: 'phrase.contains' },
  'not-contains': { label: 'operator.not-contains', phrase: 'phrase.not-contains' },
  prefix: { label: 'operator.prefix', phrase: 'phrase.prefix' },
  suffix: { label: 'operator.suffix', phrase: 'phrase.suffix' },
  regex: { label: 'operator.regex', phrase: 'phrase.regex' },
  'not-regex': { label: 'operator.not-regex', phrase: 'phrase.not-regex' },
  exists: { label: 'operator.exists', phrase: 'phrase.exists' },
  'not-exists': { label: 'operator.not-exists', phrase: 'phrase.not-exists' },
  'in-list': { label: 'operator.in-list', phrase: 'phrase.in-list' },
  'not-in-list': { label: 'operator.not-in-list', phrase: 'phrase.not-in-list' },
  'in-range': { label: 'operator.in-range', phrase: 'phrase.in-range' },
  'not-in-range': { label: 'operator.not-in-range', phrase: 'phrase.not-in-range' },
  'greater-than': { label: 'operator.greater-than', phrase: 'phrase.greater-than' },
  matches: { label: 'operator.matches', phrase: 'phrase.matches' },
  'not-matches': { label: 'operator.not-matches', phrase: 'phrase.not-matches' },
};

const OPTION_KEYS: Record<string, string> = {
  'device-type.pc': 'option.device-type.pc',
  'device-type.mobile': 'option.device-type.mobile',
  'device-type.tablet': 'option.device-type.tablet',
  'device-type.other': 'option.device-type.other',
  'ip-type.idc': 'option.ip-type.idc',
  'ip-type.proxy': 'option.ip-type.proxy',
  'ip-type.dynamic-dial': 'option.ip-type.dynamic-dial',
  'ip-type.base-station': 'option.ip-type.base-station',
  'protocol.http': 'option.protocol.http',
  'protocol.https': 'option.protocol.https',
  'ip-behaviour.scanner': 'option.ip-behaviour.scanner',
  'ip-behaviour.brute-force': 'option.ip-behaviour.brute-force',
  'ip-behaviour.malicious-crawler': 'option.ip-behaviour.malicious-crawler',
  'ip-behaviour.cc-attack': 'option.ip-behaviour.cc-attack',
  'ip-behaviour.spam': 'option.ip-behaviour.spam',
};

/** A match type's name. */
export function typeLabel(t: TFunction, type: MatchType): string {
  return t(TYPE_KEYS[type]);
}

/** An operator's name. */
export function operatorLabel(t: TFunction, operator: MatchOperator): string {
  return t(OPERATOR_KEYS[operator].label);
}

/** An operator's preview phrase, with its values filled in. */
export function operatorPhrase(t: TFunction, operator: MatchOperator, values: Record<string, string>): string {
  return t(OPERATOR_KEYS[operator].phrase, values);
}

/** A fixed option's name (methods are shown as they are); an option the console does not know shows as sent. */
export function optionLabel(t: TFunction, type: MatchType, value: string): string {
  if (type === 'method') return value.toUpperCase();
  const key = `${type}.${value.toLowerCase()}`;
  return Object.hasOwn(OPTION_KEYS, key) ? t(OPTION_KEYS[key]!) : value;
}
