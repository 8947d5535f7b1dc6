/**
 * The one table from the region codes of the log store and the region data (shell §3) to the feature ids of the
 * shipped maps (core/ui/parts/map-shapes.mjs): a log line's `country` (ISO 3166-1 alpha-2, `CN`, `US`) to the world
 * map's ISO-3 ids, and its `province` (ISO 3166-2:CN, `CN-GD`) to the China map's ids, which are the HASC codes of
 * Natural Earth (`CN.GD`; several differ from ISO: ISO `CN-HA` Henan is HASC `CN.HE`, while HASC `CN.HA` is Hainan).
 * Also the names regions are shown with in each language. test/core/ui/parts/map-regions.test.ts holds that every
 * place the traffic simulator can produce has a shape.
 */
import type { Language } from '../../i18n/language.js';
import { toLocaleTag } from '../../i18n/language.js';

/** ISO 3166-1 alpha-2 to alpha-3, for the countries of the region data (about 48, shell §3). */
export const COUNTRY_ISO3: Readonly<Record<string, string>> = {
  CN: 'CHN', HK: 'HKG', MO: 'MAC', TW: 'TWN', JP: 'JPN', KR: 'KOR', SG: 'SGP', MY: 'MYS', TH: 'THA', VN: 'VNM',
  ID: 'IDN', PH: 'PHL', IN: 'IND', PK: 'PAK', BD: 'BGD', AE: 'ARE', SA: 'SAU', TR: 'TUR', IL: 'ISR', KZ: 'KAZ',
  US: 'USA', CA: 'CAN', MX: 'MEX', BR: 'BRA', AR: 'ARG', CL: 'CHL', CO: 'COL', PE: 'PER', GB: 'GBR', DE: 'DEU',
  FR: 'FRA', IT: 'ITA', ES: 'ESP', NL: 'NLD', BE: 'BEL', RU: 'RUS', SE: 'SWE', CH: 'CHE', PL: 'POL', UA: 'UKR',
  PT: 'PRT', ZA: 'ZAF', EG: 'EGY', NG: 'NGA', KE: 'KEN', MA: 'MAR', AU: 'AUS', NZ: 'NZL',
};

/** The 34 province-level divisions: ISO 3166-2:CN code, China map feature id, zh_CN name, en_US name. */
const PROVINCES: ReadonlyArray<readonly [code: string, feature: string, zh: string, en: string]> = [
  ['CN-BJ', 'CN.BJ', '北京', 'Beijing'],
  ['CN-TJ', 'CN.TJ', '天津', 'Tianjin'],
  ['CN-HE', 'CN.HB', '河北', 'Hebei'],
  ['CN-SX', 'CN.SX', '山西', 'Shanxi'],
  ['CN-NM', 'CN.NM', '内蒙古', 'Inner Mongolia'],
  ['CN-LN', 'CN.LN', '辽宁', 'Liaoning'],
  ['CN-JL', 'CN.JL', '吉林', 'Jilin'],
  ['CN-HL', 'CN.HL', '黑龙江', 'Heilongjiang'],
  ['CN-SH', 'CN.SH', '上海', 'Shanghai'],
  ['CN-JS', 'CN.JS', '江苏', 'Jiangsu'],
  ['CN-ZJ', 'CN.ZJ', '浙江', 'Zhejiang'],
  ['CN-AH', 'CN.AH', '安徽', 'Anhui'],
  ['CN-FJ', 'CN.FJ', '福建', 'Fujian'],
  ['CN-JX', 'CN.JX', '江西', 'Jiangxi'],
  ['CN-SD', 'CN.SD', '山东', 'Shandong'],
  ['CN-HA', 'CN.HE', '河南', 'Henan'],
  ['CN-HB', 'CN.HU', '湖北', 'Hubei'],
  ['CN-HN', 'CN.HN', '湖南', 'Hunan'],
  ['CN-GD', 'CN.GD', '广东', 'Guangdong'],
  ['CN-GX', 'CN.GX', '广西', 'Guangxi'],
  ['CN-HI', 'CN.HA', '海南', 'Hainan'],
  ['CN-CQ', 'CN.CQ', '重庆', 'Chongqing'],
  ['CN-SC', 'CN.SC', '四川', 'Sichuan'],
  ['CN-GZ', 'CN.GZ', '贵州', 'Guizhou'],
  ['CN-YN', 'CN.YN', '云南', 'Yunnan'],
  ['CN-XZ', 'CN.XZ', '西藏', 'Xizang'],
  ['CN-SN', 'CN.SA', '陕西', 'Shaanxi'],
  ['CN-GS', 'CN.GS', '甘肃', 'Gansu'],
  ['CN-QH', 'CN.QH', '青海', 'Qinghai'],
  ['CN-NX', 'CN.NX', '宁夏', 'Ningxia'],
  ['CN-XJ', 'CN.XJ', '新疆', 'Xinjiang'],
  ['CN-HK', 'HK', '香港', 'Hong Kong'],
  ['CN-MO', 'MO', '澳门', 'Macao'],
  ['CN-TW', 'TW', '台湾', 'Taiwan'],
];

/** ISO 3166-2:CN province code to the China map's feature id. */
export const PROVINCE_FEATURE: Readonly<Record<string, string>> = Object.fromEntries(PROVINCES.map(([code, feature]) => [code, feature]));

const PROVINCE_NAMES = new Map(PROVINCES.map(([code, , zh, en]) => [code, { zh_CN: zh, en_US: en }]));

/**
 * The province code a China map shows a place under. Hong Kong, Macao and Taiwan arrive in the log store as
 * countries (`HK`, with no province, as IP geolocation classifies them; shell §3 CNHMT): they map to their
 * province-level division.
 */
export function chinaRegionCode(code: string): string {
  const upper = code.trim().toUpperCase();
  if (upper === 'HK' || upper === 'MO' || upper === 'TW') return `CN-${upper}`;
  return upper;
}

/** Which shipped map a region code belongs on. */
export type MapKind = 'china' | 'world';

/**
 * The feature id of a region code on a map, or '' when the map has no shape for it. ISO-3 ids (and the China map's
 * own ids) pass through unchanged, so callers may also give those.
 */
export function mapFeatureId(code: string, map: MapKind): string {
  const upper = code.trim().toUpperCase();
  if (map === 'china') return PROVINCE_FEATURE[chinaRegionCode(upper)] ?? (PROVINCES.some(([, feature]) => feature === upper) ? upper : '');
  return COUNTRY_ISO3[upper] ?? (/^[A-Z]{3}$/.test(upper) ? upper : '');
}

const displayNames = new Map<Language, Intl.DisplayNames>();

/** Hong Kong, Macao and Taiwan as countries, named as the region data names them (shell §3 CNHMT). */
const HMT_COUNTRY_NAMES: Readonly<Record<string, Readonly<Record<Language, string>>>> = {
  HK: { zh_CN: '中国香港', en_US: 'Hong Kong (China)' },
  MO: { zh_CN: '中国澳门', en_US: 'Macao (China)' },
  TW: { zh_CN: '中国台湾', en_US: 'Taiwan (China)' },
};

/**
 * The name a region is shown with in `language`: provinces from the table above, countries through
 * Intl.DisplayNames (the browser's CLDR data), the code itself when neither knows it.
 */
export function regionName(code: string, language: Language): string {
  const upper = code.trim().toUpperCase();
  const named = HMT_COUNTRY_NAMES[upper] ?? PROVINCE_NAMES.get(upper);
  if (named) return named[language];
  if (!/^[A-Z]{2}$/.test(upper)) return upper;
  let names = displayNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([toLocaleTag(language)], { type: 'region', fallback: 'code' });
    displayNames.set(language, names);
  }
  return names.of(upper) ?? upper;
}

/** Every province code the China map can show, in the table's order. */
export const PROVINCE_CODES: readonly string[] = PROVINCES.map(([code]) => code);
