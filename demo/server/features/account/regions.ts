/**
 * Region data of shell §3: about 48 countries, China's 34 province-level divisions, and the IP region tree with the
 * region codes CN, ASIA, AMERICA, EUROPE, AFRICA, OCEANIA and the special groups CNPR (mainland provinces) and CNHMT
 * (Hong Kong, Macao, Taiwan). Both languages' labels live here; the answer adds `label`/`name` in the request's one.
 */
import {
  HMT_GROUP_KEY,
  MAINLAND_GROUP_KEY,
  REGION_CODES,
  type CountryOption,
  type IpRegion,
  type RegionCode,
  type RegionData,
  type RegionOption,
} from '../../../../core/api/endpoints/platform.js';
import type { Language } from '../../platform/http/messages.js';

type Labels = readonly [zh: string, en: string];

/** Country code, labels, region. Hong Kong, Macao and Taiwan belong to the CN region (shell §3 CNHMT). */
const COUNTRIES: ReadonlyArray<readonly [string, zh: string, en: string, RegionCode]> = [
  ['CN', '中国', 'China', 'CN'],
  ['HK', '中国香港', 'Hong Kong (China)', 'CN'],
  ['MO', '中国澳门', 'Macao (China)', 'CN'],
  ['TW', '中国台湾', 'Taiwan (China)', 'CN'],
  ['JP', '日本', 'Japan', 'ASIA'],
  ['KR', '韩国', 'South Korea', 'ASIA'],
  ['SG', '新加坡', 'Singapore', 'ASIA'],
  ['MY', '马来西亚', 'Malaysia', 'ASIA'],
  ['TH', '泰国', 'Thailand', 'ASIA'],
  ['VN', '越南', 'Vietnam', 'ASIA'],
  ['ID', '印度尼西亚', 'Indonesia', 'ASIA'],
  ['PH', '菲律宾', 'Philippines', 'ASIA'],
  ['IN', '印度', 'India', 'ASIA'],
  ['PK', '巴基斯坦', 'Pakistan', 'ASIA'],
  ['BD', '孟加拉国', 'Bangladesh', 'ASIA'],
  ['AE', '阿联酋', 'United Arab Emirates', 'ASIA'],
  ['SA', '沙特阿拉伯', 'Saudi Arabia', 'ASIA'],
  ['TR', '土耳其', 'Türkiye', 'ASIA'],
  ['IL', '以色列', 'Israel', 'ASIA'],
  ['KZ', '哈萨克斯坦', 'Kazakhstan', 'ASIA'],
  ['US', '美国', 'United States', 'AMERICA'],
  ['CA', '加拿大', 'Canada', 'AMERICA'],
  ['MX', '墨西哥', 'Mexico', 'AMERICA'],
  ['BR', '巴西', 'Brazil', 'AMERICA'],
  ['AR', '阿根廷', 'Argentina', 'AMERICA'],
  ['CL', '智利', 'Chile', 'AMERICA'],
  ['CO', '哥伦比亚', 'Colombia', 'AMERICA'],
  ['PE', '秘鲁', 'Peru', 'AMERICA'],
  ['GB', '英国', 'United Kingdom', 'EUROPE'],
  ['DE', '德国', 'Germany', 'EUROPE'],
  ['FR', '法国', 'France', 'EUROPE'],
  ['IT', '意大利', 'Italy', 'EUROPE'],
  ['ES', '西班牙', 'Spain', 'EUROPE'],
  ['NL', '荷兰', 'Netherlands', 'EUROPE'],
  ['BE', '比利时', 'Belgium', 'EUROPE'],
  ['RU', '俄罗斯', 'Russia', 'EUROPE'],
  ['SE', '瑞典', 'Sweden', 'EUROPE'],
  ['CH', '瑞士', 'Switzerland', 'EUROPE'],
  ['PL', '波兰', 'Poland', 'EUROPE'],
  ['UA', '乌克兰', 'Ukraine', 'EUROPE'],
  ['PT', '葡萄牙', 'Portugal', 'EUROPE'],
  ['ZA', '南非', 'South Africa', 'AFRICA'],
  ['EG', '埃及', 'Egypt', 'AFRICA'],
  ['NG', '尼日利亚', 'Nigeria', 'AFRICA'],
  ['KE', '肯尼亚', 'Kenya', 'AFRICA'],
  ['MA', '摩洛哥', 'Morocco', 'AFRICA'],
  ['AU', '澳大利亚', 'Australia', 'OCEANIA'],
  ['NZ', '新西兰', 'New Zealand', 'OCEANIA'],
];

/** The 31 mainland province-level divisions, by ISO 3166-2:CN code. */
const MAINLAND_PROVINCES: ReadonlyArray<readonly [string, zh: string, en: string]> = [
  ['CN-BJ', '北京', 'Beijing'],
  ['CN-TJ', '天津', 'Tianjin'],
  ['CN-HE', '河北', 'Hebei'],
  ['CN-SX', '山西', 'Shanxi'],
  ['CN-NM', '内蒙古', 'Inner Mongolia'],
  ['CN-LN', '辽宁', 'Liaoning'],
  ['CN-JL', '吉林', 'Jilin'],
  ['CN-HL', '黑龙江', 'Heilongjiang'],
  ['CN-SH', '上海', 'Shanghai'],
  ['CN-JS', '江苏', 'Jiangsu'],
  ['CN-ZJ', '浙江', 'Zhejiang'],
  ['CN-AH', '安徽', 'Anhui'],
  ['CN-FJ', '福建', 'Fujian'],
  ['CN-JX', '江西', 'Jiangxi'],
  ['CN-SD', '山东', 'Shandong'],
  ['CN-HA', '河南', 'Henan'],
  ['CN-HB', '湖北', 'Hubei'],
  ['CN-HN', '湖南', 'Hunan'],
  ['CN-GD', '广东', 'Guangdong'],
  ['CN-GX', '广西', 'Guangxi'],
  ['CN-HI', '海南', 'Hainan'],
  ['CN-CQ', '重庆', 'Chongqing'],
  ['CN-SC', '四川', 'Sichuan'],
  ['CN-GZ', '贵州', 'Guizhou'],
  ['CN-YN', '云南', 'Yunnan'],
  ['CN-XZ', '西藏', 'Xizang'],
  ['CN-SN', '陕西', 'Shaanxi'],
  ['CN-GS', '甘肃', 'Gansu'],
  ['CN-QH', '青海', 'Qinghai'],
  ['CN-NX', '宁夏', 'Ningxia'],
  ['CN-XJ', '新疆', 'Xinjiang'],
];

/** Hong Kong, Macao and Taiwan as province-level divisions (the 32nd to 34th). */
const HMT_PROVINCES: ReadonlyArray<readonly [string, zh: string, en: string]> = [
  ['CN-HK', '香港', 'Hong Kong'],
  ['CN-MO', '澳门', 'Macao'],
  ['CN-TW', '台湾', 'Taiwan'],
];

const REGION_LABELS: Record<RegionCode, Labels> = {
  CN: ['中国', 'China'],
  ASIA: ['亚洲', 'Asia'],
  AMERICA: ['美洲', 'Americas'],
  EUROPE: ['欧洲', 'Europe'],
  AFRICA: ['非洲', 'Africa'],
  OCEANIA: ['大洋洲', 'Oceania'],
};

const GROUP_LABELS: Record<typeof MAINLAND_GROUP_KEY | typeof HMT_GROUP_KEY, Labels> = {
  [MAINLAND_GROUP_KEY]: ['中国大陆', 'Mainland China'],
  [HMT_GROUP_KEY]: ['港澳台', 'Hong Kong, Macao and Taiwan'],
};

function option(value: string, zh: string, en: string, language: Language): RegionOption {
  return { value, label: language === 'en_US' ? en : zh, label_zh: zh, label_en: en };
}

function node(key: string, zh: string, en: string, language: Language, child?: IpRegion[]): IpRegion {
  const region: IpRegion = { key, name: language === 'en_US' ? en : zh, label_zh: zh, label_en: en };
  if (child) region.child = child;
  return region;
}

function build(language: Language): RegionData {
  const countrys: CountryOption[] = COUNTRIES.map(([value, zh, en, region]) => ({
    ...option(value, zh, en, language),
    region,
  }));
  const provinces = [...MAINLAND_PROVINCES, ...HMT_PROVINCES].map(([value, zh, en]) => option(value, zh, en, language));
  const mainland = MAINLAND_PROVINCES.map(([key, zh, en]) => node(key, zh, en, language));
  // Under CNHMT the keys are the country codes: IP geolocation classifies Hong Kong, Macao and Taiwan that way.
  const hmt = COUNTRIES.filter(([code]) => code === 'HK' || code === 'MO' || code === 'TW').map(([key, zh, en]) =>
    node(key, zh, en, language),
  );
  const ipRegions = REGION_CODES.map((code) => {
    const [zh, en] = REGION_LABELS[code];
    if (code === 'CN') {
      return node(code, zh, en, language, [
        node(MAINLAND_GROUP_KEY, ...GROUP_LABELS[MAINLAND_GROUP_KEY], language, mainland),
        node(HMT_GROUP_KEY, ...GROUP_LABELS[HMT_GROUP_KEY], language, hmt),
      ]);
    }
    const countries = COUNTRIES.filter((country) => country[3] === code).map(([key, czh, cen]) =>
      node(key, czh, cen, language),
    );
    return node(code, zh, en, language, countries);
  });
  return { countrys, provinces, ipRegions };
}

const built = new Map<Language, RegionData>();

/** The region answer in a language; built once per language, since the data never changes at run time. */
export function regionData(language: Language): RegionData {
  let data = built.get(language);
  if (!data) {
    data = build(language);
    built.set(language, data);
  }
  return data;
}
