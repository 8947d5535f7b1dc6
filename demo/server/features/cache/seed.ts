/**
 * Demo cache rules (rules §3 "Cache rule"): www.example.com (managed by the demo child's group) keeps sign-in pages
 * out of the cache, caches static assets by extension and mobile pages by a custom expression; static.example.net
 * caches fingerprinted assets by a regular expression (the demo business plan allows them, rules §6) and shares its
 * cache with www.example.com; blog.example.org follows the global policy (its method is seeded by the domain-settings
 * area), so its rules are view-only (rules §6).
 */
import { newCacheRule, type CacheRuleInput } from '../../../../core/rules/cache.js';
import { replaceCacheRules, writeCacheSettings } from './store.js';
import { scopeFor } from '../../platform/security/scope.js';
import { DEMO_MEMBER_ID } from '../../platform/demo-accounts.js';
import { seedWording, type SeedModule } from '../../platform/seed-module.js';

/** The rules' names, by rule. */
const TEXT = seedWording({
  zh_CN: { signIn: '登录和账号页面', statics: '静态资源', mobile: '移动端页面', fingerprinted: '带指纹的静态资源', articles: '文章' },
  en_US: { signIn: 'Sign-in and account pages', statics: 'Static assets', mobile: 'Mobile pages', fingerprinted: 'Fingerprinted assets', articles: 'Articles' },
});

const rule = (fields: Partial<CacheRuleInput>): CacheRuleInput => ({ ...newCacheRule(), ...fields });

/** Seeds the rules and the synchronized domain. */
export const cacheSeed: SeedModule = {
  name: 'cache',
  run({ db, now, language }) {
    const text = TEXT[language];
    const tenant = scopeFor(db, DEMO_MEMBER_ID);
    const idOf = (domain: string) => tenant.get<{ id: number }>('domains', { columns: 'id', where: 'domain = @domain', params: { domain } })?.id;
    const www = idOf('www.example.com');
    const statics = idOf('static.example.net');
    const blog = idOf('blog.example.org');
    if (www !== undefined) {
      replaceCacheRules(
        tenant,
        www,
        [
          rule({ name: text.signIn, action: 'no-cache', match_type: 'path', match_content: '/login|/account/' }),
          rule({
            name: text.statics,
            match_content: 'js|css|png|jpg|gif|svg|woff2',
            edge_ttl: 30,
            edge_ttl_unit: 'day',
            browser_mode: 'override',
            browser_ttl: 1,
            browser_ttl_unit: 'day',
            query_mode: 'keep',
            query_params: 'v',
            ignore_case: true,
            error_cache: [{ code: 404, ttl: 1, unit: 'minute' }],
          }),
          rule({
            name: text.mobile,
            request_rule: 'custom',
            conditions: [{ type: 'device-type', operator: 'equals', value: 'mobile' }],
            match_type: 'path',
            match_content: '/',
            mode: 'origin-first',
            edge_ttl: 10,
            edge_ttl_unit: 'minute',
            cookie_mode: 'keep',
            cookie_names: 'lang',
            sort_query: true,
          }),
        ],
        now,
      );
      writeCacheSettings(tenant, www, { revision: 1 }, now);
    }
    if (statics !== undefined) {
      replaceCacheRules(
        tenant,
        statics,
        [
          rule({
            name: text.fingerprinted,
            match_type: 'fuzzy',
            match_content: '^/assets/[0-9a-f]{8}/',
            edge_ttl: 1,
            edge_ttl_unit: 'year',
            browser_mode: 'override',
            browser_ttl: 30,
            browser_ttl_unit: 'day',
            query_mode: 'ignore-all',
            share_domain_id: www ?? null,
          }),
        ],
        now,
      );
      writeCacheSettings(tenant, statics, { revision: 1, browser_cache: 'on' }, now);
    }
    if (blog !== undefined) {
      replaceCacheRules(
        tenant,
        blog,
        [rule({ name: text.articles, match_type: 'path', match_content: '/posts/', mode: 'follow-origin', error_cache: [{ code: 404, ttl: 5, unit: 'minute' }] })],
        now,
      );
      writeCacheSettings(tenant, blog, { revision: 1 }, now);
    }
  },
};
