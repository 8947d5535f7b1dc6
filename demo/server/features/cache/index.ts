/**
 * What other feature areas may use of cache rules: the `cdn_advance_cache` and `browser_cache` settings groups, read
 * and saved through the domain settings calls of shell §7, and a domain's rules as the matcher reads them (the traffic
 * simulator decides hits and misses with them). Everything else is the area's own.
 */
export { readBrowserCacheSave, readCdnAdvanceCacheSave } from './payloads.js';
export {
  cacheRuleRows,
  cacheSettings,
  changedAnything,
  readCdnAdvanceCache,
  replaceCacheRules,
  ruleOf,
  writeCacheSettings,
  type RuleListChanges,
} from './store.js';
