/**
 * Every catalogue, per language and namespace. A namespace is added here once, in both languages; the key-parity
 * test walks this object.
 */
import commonEn from './locales/en_US/common.json';
import commonZh from './locales/zh_CN/common.json';

/** Catalogues by language, then namespace. */
export const RESOURCES = {
  zh_CN: { common: commonZh },
  en_US: { common: commonEn },
} as const;

/** Namespace names: one per element plus `common`, `rules`, `host`. */
export type Namespace = keyof (typeof RESOURCES)['zh_CN'];
