import { attr, type AttributeSchema } from '../../core/ui/attributes.js';
import { SECURITY_REPORT_LAYOUTS } from '../reports-shared/routes.js';

/** The attributes of `<ec-attack-report>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  type: attr.enum(
    ['waf', 'cc', 'firewall', 'package'] as const,
    'waf',
    'Which report: `waf`, the requests the WAF rule sets acted on (shell §2 `WAFAttack`, security module `report/waf`); `cc`, the CC protection decisions (`CCAttack`, `report/cc`); `firewall`, the block list of the firewall policies (the account\'s own WAF rules, shell §7 `firewall.report.block.list` and details); `package`, the same for the built-in rule packages\' rules.',
  ),
  layout: attr.enum(
    SECURITY_REPORT_LAYOUTS,
    'new',
    'Where the report is shown, so its links lead to that console\'s pages (shell §2): `new` or `old` cloud-speed layout, or `security`, the security module (its log page and its `report/waf/{id}` rule details).',
  ),
  range: attr.enum(['15m', '3h', 'today', 'yesterday', '7d', '30d'] as const, 'today', 'The date range a new view starts with (rules §9 presets; times in UTC+8). The user can change it, including to a custom range.'),
  ruleId: attr.number('Show one rule\'s detail (WAF and CC reports): the rule ID the log lines carry (security module `report/waf/{id}`). Without it, a rule row of a layout that has no detail page opens the detail inside the report.', { min: 1 }),
  viewState: attr.string(
    'The view to start from, as URL query text: `rule` (the rule whose detail is open inside the report), or for the block lists `policy` (the policy whose blocked requests are open). Changes are reported with `ec-view-state`.',
    '',
  ),
} satisfies AttributeSchema;
