import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadCatalogues, translator } from '../../../../core/i18n/i18n.js';
import {
  addCondition,
  changeOperator,
  changeType,
  fromConditionInput,
  newCondition,
  replaceCondition,
  toConditionInput,
  typeBlock,
} from '../../../../core/ui/parts/condition-builder/model.js';
import { describeConditions } from '../../../../core/ui/parts/condition-builder/preview.js';
import '../../../../core/i18n/namespaces/condition-builder.js';
import '../../../../core/i18n/namespaces/rules.js';

// Catalogues load on demand (core/i18n/catalogues.ts); these tests translate synchronously.
for (const language of ['zh_CN', 'en_US'] as const) await loadCatalogues(language, ['condition-builder', 'rules', 'common']);

describe('condition builder model (rules §5 Match rules and WAF)', () => {
  it('rules §5: at most 5 conditions; a new condition takes the first type still allowed', () => {
    let conditions = [newCondition('ip')];
    for (let i = 0; i < 6; i++) conditions = addCondition(conditions);
    assert.equal(conditions.length, 5);
    assert.ok(!conditions.slice(1).some((condition) => condition.type === 'region'), 'region is excluded next to an IP condition');
  });

  it('rules §5: IP and region exclusive; domain only for wildcard domains', () => {
    const conditions = [newCondition('ip'), newCondition('url')];
    assert.equal(typeBlock(conditions, 1, 'region'), 'waf.ip-region-exclusive');
    assert.equal(typeBlock(conditions, 0, 'region'), null, 'the IP condition itself may become a region');
    assert.equal(typeBlock(conditions, 1, 'domain'), 'waf.domain-match-wildcard-only');
    assert.equal(typeBlock(conditions, 1, 'domain', { wildcardDomain: true }), null);
  });

  it('rules §5: the status code condition is kept last', () => {
    const [a, b] = [newCondition('url'), newCondition('method')];
    const moved = replaceCondition([a, b], a.key, changeType(a, 'status-code'));
    assert.deepEqual(moved.map((condition) => condition.type), ['method', 'status-code']);
    assert.deepEqual(addCondition(moved).map((condition) => condition.type).at(-1), 'status-code');
  });

  it('changing type keeps what still makes sense; valueless and list operators drop typed targets', () => {
    const url = { ...newCondition('url'), operator: 'prefix' as const, value: '/a|/b' };
    assert.deepEqual([changeType(url, 'query-string').operator, changeType(url, 'query-string').value], ['prefix', '/a|/b']);
    assert.deepEqual([changeType(url, 'ip').operator, changeType(url, 'ip').value], ['equals', '']);
    assert.equal(changeOperator({ ...newCondition('header'), value: 'x' }, 'exists').value, '');
    assert.equal(changeType(url, 'ip-rate').window, '10');
  });

  it('round-trips through the MatchConditionInput that core/rules checks and core/match evaluates', () => {
    const input = { type: 'header' as const, operator: 'contains', value: 'a|b', name: 'User-Agent' };
    assert.deepEqual(toConditionInput(fromConditionInput(input, 'k')), input);
    const list = { type: 'ip' as const, operator: 'in-list', value: '', ip_list_id: 7 };
    assert.deepEqual(toConditionInput(fromConditionInput(list, 'k')), list);
    assert.deepEqual(toConditionInput({ ...newCondition('url-rate'), value: ' 20 ' }), { type: 'url-rate', operator: 'greater-than', value: '20', window: '10' });
  });

  it('the preview reads the whole condition list in both languages', () => {
    const conditions = [
      { ...newCondition('url'), operator: 'prefix' as const, value: '/login' },
      { ...newCondition('header'), operator: 'contains' as const, name: 'User-Agent', value: 'curl|python' },
      { ...newCondition('device-type'), value: 'mobile' },
      { ...newCondition('ip-rate'), value: '100' },
    ];
    assert.equal(
      describeConditions(translator('en_US', 'condition-builder'), conditions),
      'IF URL path starts with "/login" AND Header "User-Agent" contains "curl" or "python" AND Device type is Mobile AND IP request rate exceeds 100 requests in 10 s',
    );
    assert.match(describeConditions(translator('zh_CN', 'condition-builder'), conditions), /^如果 URL 路径 以 "\/login" 开头，且 请求头“User-Agent” 包含 "curl" 或 "python"/);
    assert.equal(describeConditions(translator('en_US', 'condition-builder'), []), 'No conditions yet');
  });
});
