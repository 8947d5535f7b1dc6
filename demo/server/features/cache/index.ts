/**
 * What other feature areas may use of cache rules: the `cdn_advance_cache` and `browser_cache` settings groups, read
 * and saved through the domain settings calls of shell §7. Everything else is the area's own.
 */
export { readBrowserCacheSave, readCdnAdvanceCacheSave } from './payloads.js';
export {
  cacheRegexAllowed,
  cacheRuleRows,
  cacheSettings,
  changedAnything,
  readCdnAdvanceCache,
  replaceCacheRules,
  writeCacheSettings,
  type RuleListChanges,
} from './store.js';
