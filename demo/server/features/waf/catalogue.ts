/**
 * The provider's built-in WAF rule sets (rules §3 "Built-in rule attributes: attack type, risk level, application
 * type, vulnerability number, update time"), and the names of the sets every account gets. Each account receives a
 * copy on first use, so it can switch built-in rules on or off on its own; their conditions are this catalogue's.
 */
import type { BuiltInAttributes, PolicyCondition } from '../../../../core/api/endpoints/waf.js';
import type { WafRuleStatus } from '../../../../core/rules/waf.js';
import type { WafActionInput } from '../../../../core/rules/waf-actions.js';
import type { Language } from '../../platform/http/messages.js';

/** A built-in rule. */
export interface CatalogueRule {
  code: string;
  /** Stored with the account's copy in the language it was provisioned in (the demo seed's, or the first caller's). */
  remark: Record<Language, string>;
  status: WafRuleStatus;
  rules: PolicyCondition[];
  action: WafActionInput;
  attributes: Omit<BuiltInAttributes, 'updated_at'> & { updated_at: string };
}

/** A built-in set. */
export interface CatalogueSet {
  key: string;
  name: Record<Language, string>;
  description: Record<Language, string>;
  rules: CatalogueRule[];
}

/** The name of each account's default rule set, by language. */
export const DEFAULT_SET_NAME: Record<Language, string> = { zh_CN: '默认规则集', en_US: 'Default rule set' };
/** Its description. */
export const DEFAULT_SET_DESCRIPTION: Record<Language, string> = {
  zh_CN: '新接入的网站默认使用此规则集',
  en_US: 'Used by newly added websites',
};

const condition = (rule_type: PolicyCondition['rule_type'], operator: string, value: string, extra: Partial<PolicyCondition['data']> = {}): PolicyCondition => ({
  rule_type,
  data: { operator, value, ...extra },
});
const block: WafActionInput = { type: 'block' };

/** The built-in sets, in display order. */
export const BUILT_IN_SETS: readonly CatalogueSet[] = [
  {
    key: 'web-common',
    name: { zh_CN: '通用 Web 攻击防护', en_US: 'Common web attacks' },
    description: { zh_CN: 'SQL 注入、XSS、路径穿越、敏感文件与扫描器', en_US: 'SQL injection, XSS, path traversal, sensitive files, scanners' },
    rules: [
      {
        code: '910001',
        remark: { zh_CN: 'SQL 注入：UNION SELECT、基于时间的注入和堆叠查询', en_US: 'SQL injection: UNION SELECT, time-based and stacked queries' },
        status: 'enabled',
        rules: [condition('query-string', 'regex', '(?:union\\s+(?:all\\s+)?select|sleep\\s*\\(\\s*\\d+\\s*\\)|benchmark\\s*\\(|;\\s*drop\\s+table)')],
        action: block,
        attributes: { attack_type: 'sql-injection', risk_level: 'high', application_type: 'generic', vulnerability_number: '', updated_at: '2025-06-12T08:00:00Z' },
      },
      {
        code: '910002',
        remark: { zh_CN: '查询字符串中的跨站脚本（XSS）', en_US: 'Cross-site scripting in the query string' },
        status: 'enabled',
        rules: [condition('query-string', 'regex', '(?:<script\\b|javascript:|\\bon(?:error|load|mouseover)\\s*=)')],
        action: block,
        attributes: { attack_type: 'xss', risk_level: 'high', application_type: 'generic', vulnerability_number: '', updated_at: '2025-06-12T08:00:00Z' },
      },
      {
        code: '910003',
        remark: { zh_CN: '路径穿越', en_US: 'Path traversal' },
        status: 'enabled',
        rules: [condition('url', 'regex', '(?:\\.\\./|\\.\\.\\\\)')],
        action: block,
        attributes: { attack_type: 'path-traversal', risk_level: 'high', application_type: 'generic', vulnerability_number: '', updated_at: '2025-03-02T08:00:00Z' },
      },
      {
        code: '910004',
        remark: { zh_CN: '源代码管理与配置文件', en_US: 'Source control and configuration files' },
        status: 'enabled',
        rules: [condition('url', 'regex', '/(?:\\.git|\\.svn|\\.env|\\.htaccess|web\\.config)(?:/|$)')],
        action: block,
        attributes: { attack_type: 'sensitive-file', risk_level: 'medium', application_type: 'generic', vulnerability_number: '', updated_at: '2025-03-02T08:00:00Z' },
      },
      {
        code: '910005',
        remark: { zh_CN: '按 User-Agent 识别的漏洞扫描器', en_US: 'Vulnerability scanners by User-Agent' },
        status: 'observation',
        rules: [condition('header', 'contains', 'sqlmap|nikto|acunetix|nessus|masscan|zgrab', { name: 'User-Agent' })],
        action: block,
        attributes: { attack_type: 'scanner', risk_level: 'medium', application_type: 'generic', vulnerability_number: '', updated_at: '2024-11-20T08:00:00Z' },
      },
      {
        code: '910006',
        remark: { zh_CN: 'Shell 命令注入', en_US: 'Shell command injection' },
        status: 'enabled',
        rules: [condition('query-string', 'regex', '(?:;|\\|\\||&&)\\s*(?:cat|wget|curl|bash|sh|nc)\\b')],
        action: block,
        attributes: { attack_type: 'command-injection', risk_level: 'critical', application_type: 'generic', vulnerability_number: '', updated_at: '2025-06-12T08:00:00Z' },
      },
    ],
  },
  {
    key: 'cms-vulnerabilities',
    name: { zh_CN: '框架与 CMS 漏洞防护', en_US: 'Framework and CMS vulnerabilities' },
    description: { zh_CN: '常见框架与内容管理系统的已知漏洞', en_US: 'Known vulnerabilities of common frameworks and CMSs' },
    rules: [
      {
        code: '920001',
        remark: { zh_CN: 'Apache Log4j2 JNDI 查找漏洞（Log4Shell）', en_US: 'Apache Log4j2 JNDI lookup (Log4Shell)' },
        status: 'enabled',
        rules: [condition('header', 'contains', '${jndi:', { name: 'User-Agent' })],
        action: block,
        attributes: { attack_type: 'rce', risk_level: 'critical', application_type: 'Apache Log4j2', vulnerability_number: 'CVE-2021-44228', updated_at: '2024-12-10T08:00:00Z' },
      },
      {
        code: '920002',
        remark: { zh_CN: 'Apache Struts2 Content-Type 中的 OGNL 注入（S2-045）', en_US: 'Apache Struts2 OGNL injection in Content-Type (S2-045)' },
        status: 'enabled',
        rules: [condition('header', 'contains', '%{', { name: 'Content-Type' })],
        action: block,
        attributes: { attack_type: 'rce', risk_level: 'critical', application_type: 'Apache Struts2', vulnerability_number: 'CVE-2017-5638', updated_at: '2024-05-08T08:00:00Z' },
      },
      {
        code: '920003',
        remark: { zh_CN: 'ThinkPHP 5 invokefunction 远程代码执行', en_US: 'ThinkPHP 5 invokefunction remote code execution' },
        status: 'enabled',
        rules: [condition('query-string', 'contains', 'invokefunction')],
        action: block,
        attributes: { attack_type: 'rce', risk_level: 'critical', application_type: 'ThinkPHP', vulnerability_number: 'CVE-2018-20062', updated_at: '2024-05-08T08:00:00Z' },
      },
      {
        code: '920004',
        remark: { zh_CN: 'Spring Framework 类加载器篡改（Spring4Shell）', en_US: 'Spring Framework class loader manipulation (Spring4Shell)' },
        status: 'enabled',
        rules: [condition('query-string', 'contains', 'class.module.classloader')],
        action: block,
        attributes: { attack_type: 'rce', risk_level: 'critical', application_type: 'Spring Framework', vulnerability_number: 'CVE-2022-22965', updated_at: '2024-05-08T08:00:00Z' },
      },
      {
        code: '920005',
        remark: { zh_CN: 'WordPress xmlrpc.php 密码猜测', en_US: 'WordPress xmlrpc.php password guessing' },
        status: 'enabled',
        rules: [condition('url', 'equals', '/xmlrpc.php'), condition('method', 'equals', 'POST')],
        action: { type: 'verify-js' },
        attributes: { attack_type: 'brute-force', risk_level: 'medium', application_type: 'WordPress', vulnerability_number: '', updated_at: '2025-01-15T08:00:00Z' },
      },
    ],
  },
];
