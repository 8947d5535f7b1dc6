/**
 * The demo account's condition rules (rules §3 "Condition rule"): two rules no WAF rule references yet, one enabled
 * and one suspended, so the conditions match engine opens with something to reference from a WAF rule.
 */
import type { PolicyCondition } from '../../../../core/api/endpoints/waf.js';
import { DEMO_MEMBER_ID } from '../../platform/demo-accounts.js';
import { seedWording, type SeedModule } from '../../platform/seed-module.js';

/** The demo rules' words. */
export const DEMO_CONDITION_RULE_TEXT = seedWording({
  zh_CN: {
    admin: { name: '后台路径', description: '管理后台与运维接口' },
    tools: { name: '自动化工具', description: '常见扫描器和脚本的 User-Agent' },
  },
  en_US: {
    admin: { name: 'Back office paths', description: 'Admin pages and operations endpoints' },
    tools: { name: 'Automation tools', description: 'User-Agents of common scanners and scripts' },
  },
});

/** The demo rules, in creation order; their words are in {@link DEMO_CONDITION_RULE_TEXT}. */
export const DEMO_CONDITION_RULES: readonly { key: 'admin' | 'tools'; status: 'enabled' | 'suspended'; rules: PolicyCondition[] }[] = [
  { key: 'admin', status: 'enabled', rules: [{ rule_type: 'url', data: { operator: 'prefix', value: '/admin|/ops' } }] },
  {
    key: 'tools',
    status: 'suspended',
    rules: [{ rule_type: 'header', data: { operator: 'contains', value: 'sqlmap|nikto|python-requests', name: 'User-Agent' } }],
  },
];

/** Seeds the demo condition rules. */
export const conditionRulesSeed: SeedModule = {
  name: 'condition-rules',
  run({ db, now, language }) {
    const insert = db.prepare(
      `INSERT INTO condition_rules (member_id, name, description, conditions, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const rule of DEMO_CONDITION_RULES) {
      const { name, description } = DEMO_CONDITION_RULE_TEXT[language][rule.key];
      insert.run(DEMO_MEMBER_ID, name, description, JSON.stringify(rule.rules), rule.status, now, now);
    }
  },
};
