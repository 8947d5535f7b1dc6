/**
 * The server's own message texts, in both console languages. The envelope message is what a toast shows when the
 * console has no better text, so it follows the request's `X-LANG` (zh_CN by default). Field-level findings are sent
 * as keys (FieldIssue) and translated by the browser's catalogues, never here.
 */
import type { FastifyRequest } from 'fastify';

/** The console languages (DESIGN: zh_CN default, en_US). */
export type Language = 'zh_CN' | 'en_US';

const zhCN = {
  success: '操作成功',
  'session-expired': '登录已过期，请重新登录',
  'validation-failed': '表单校验失败',
  'sign-in-failed': '账号或密码错误',
  'account-disabled': '账号已被禁用',
  'rate-limited': '尝试次数过多，请 {minutes} 分钟后再试',
  'not-found': '数据不存在',
  'permission-denied': '没有权限执行此操作',
  conflict: '当前状态不允许此操作',
  'job-finished': '任务已结束，无法取消',
  'idempotency-mismatch': '该请求标识已用于其他请求',
  'idempotency-in-progress': '相同的请求正在处理中',
  'app-login-required': '请先登录',
  'app-unavailable': '当前账号未开通该产品',
  'bad-request': '请求格式错误',
  'payload-too-large': '请求内容过大',
  'unsupported-media-type': '不支持的请求内容类型',
  'route-not-found': '接口不存在',
  'server-error': '系统错误',
  'dns-domain-exists': '域名已存在',
  'dns-domain-missing': '域名不存在或已被删除',
  'dns-record-exists': '相同的解析记录已存在',
  'dns-group-exists': '分组名称已存在',
  'dns-import-domain-unknown': '域名 {domain} 不在域名列表中，请先添加该域名',
  'certificate-binding-failed': '证书绑定失败',
  'certificate-unauthorized': '未授权的证书不能关联',
  'certificate-bound': '证书已绑定域名，请先解绑再删除',
  'certificate-not-issued': '证书尚未签发',
  'certificate-auto-renew-free-only': '仅免费证书支持自动续期',
  'certificate-upload-only': '仅上传的证书可以替换证书和私钥',
  'cache-rules-changed': '缓存规则已在别处被修改，请刷新后再试',
  'settings-changed': '该配置已在别处被修改，请刷新后再试；您填写的内容已保留',
  'ban-management-off': '未开通封禁管理',
  'condition-engine-off': '未开通条件匹配引擎',
  'condition-rule-in-use': '有 {count} 条 WAF 规则引用此条件规则，无法删除：{where}。请先移除这些引用',
  'ip-list-in-use': '有 {count} 条 WAF 规则引用此名单，请先修改这些规则再删除',
  'cache-task-rate-limited': '每分钟最多提交 {max} 次，请 {seconds} 秒后再试',
  'cache-task-no-failed-urls': '该任务没有可重试的失败 URL',
  'cache-task-unfinished': '任务尚未结束',
  'job-stream-ticket-invalid': '实时进度连接已失效，请刷新',
  'signature-invalid': '请求签名无效',
  'signature-expired': '时间戳非法或已失效（与服务器时间相差超过 {minutes} 分钟）',
  'signature-replayed': '该请求已被使用过，请使用新的随机数重新签名',
  'access-key-disabled': '访问密钥已禁用或不存在',
  'groups-max': '子用户组数量已达上限',
  'group-has-accounts': '该用户组下还有 {count} 个子账号，请先将其移到其他用户组',
  'sign-in-not-whitelisted': '当前地址 {ip} 不在账号的登录白名单内，禁止登录',
  'sign-in-challenge-expired': '登录验证已失效，请重新输入账号和密码',
  'verification-code-wait': '验证码已发送，{seconds} 秒后可重新发送',
  'mailbox-not-verified': '邮箱未验证，无法接收消息',
  'identity-pending': '实名认证正在审核中，请等待审核结果',
  'identity-verified': '账号已完成实名认证，不能重复提交',
} as const;

/** A server message key. */
export type MessageKey = keyof typeof zhCN;

const enUS: Record<MessageKey, string> = {
  success: 'Success',
  'session-expired': 'Your session has expired. Please sign in again.',
  'validation-failed': 'Form verification failed',
  'sign-in-failed': 'Incorrect account or password',
  'account-disabled': 'This account is disabled',
  'rate-limited': 'Too many attempts. Try again in {minutes} minutes.',
  'not-found': 'The object does not exist',
  'permission-denied': 'You do not have permission for this operation',
  conflict: 'The current state does not allow this operation',
  'job-finished': 'The task has already finished and cannot be canceled',
  'idempotency-mismatch': 'This request key was already used for a different request',
  'idempotency-in-progress': 'The same request is still being processed',
  'app-login-required': 'Please sign in',
  'app-unavailable': 'This product is not open to your account',
  'bad-request': 'The request is malformed',
  'payload-too-large': 'The request is too large',
  'unsupported-media-type': 'Unsupported request content type',
  'route-not-found': 'No such API',
  'server-error': 'System error',
  'dns-domain-exists': 'The domain already exists',
  'dns-domain-missing': 'The domain does not exist or was deleted',
  'dns-record-exists': 'The same record already exists',
  'dns-group-exists': 'A group with this name already exists',
  'dns-import-domain-unknown': '{domain} is not in your domain list; add the domain first',
  'certificate-binding-failed': 'Certificate binding failed',
  'certificate-unauthorized': 'Unauthorized certificates cannot be linked',
  'certificate-bound': 'The certificate is bound to domains: unbind it before deleting',
  'certificate-not-issued': 'The certificate has not been issued',
  'certificate-auto-renew-free-only': 'Only free certificates renew automatically',
  'certificate-upload-only': 'Only uploaded certificates can have their certificate and key replaced',
  'cache-rules-changed': 'The cache rules were changed elsewhere. Reload them and try again.',
  'settings-changed': 'These settings were changed elsewhere. Reload them and try again; what you typed is kept.',
  'ban-management-off': 'Ban management is not enabled for this account',
  'condition-engine-off': 'The conditions match engine is not enabled for this account',
  'condition-rule-in-use': 'This condition rule is in use and cannot be deleted. WAF rules using it ({count}): {where}. Remove those references first',
  'ip-list-in-use': '{count} WAF rules use this list: change those rules before deleting it',
  'cache-task-rate-limited': 'At most {max} submissions per minute: try again in {seconds} s',
  'cache-task-no-failed-urls': 'The task has no failed URLs to retry',
  'cache-task-unfinished': 'The task has not finished yet',
  'job-stream-ticket-invalid': 'The live progress connection expired; reload the page',
  'signature-invalid': 'The request signature is invalid',
  'signature-expired': 'Illegal or invalid timestamp (more than {minutes} minutes from the server time)',
  'signature-replayed': 'This request was already used: sign it again with a new nonce',
  'access-key-disabled': 'The access key is disabled or does not exist',
  'groups-max': 'The number of subordinate groups has reached the maximum',
  'group-has-accounts': '{count} sub-accounts are still in this group: move them to another group first',
  'sign-in-not-whitelisted': 'Sign-in from {ip} is not allowed by the account\'s login whitelist',
  'sign-in-challenge-expired': 'The sign-in verification expired: enter your account and password again',
  'verification-code-wait': 'Verification code sent: you can resend it in {seconds} s',
  'mailbox-not-verified': 'The mailbox is not verified and cannot receive messages',
  'identity-pending': 'The identity verification is under review: wait for its result',
  'identity-verified': 'The account is already verified and cannot be submitted again',
};

const catalogues: Record<Language, Record<MessageKey, string>> = { zh_CN: zhCN, en_US: enUS };

/** The request's language: `X-LANG`, then `lang`, then `Accept-Language`; zh_CN when none says English. */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['x-lang'] ?? request.headers.lang ?? request.headers['accept-language'];
  const value = (Array.isArray(header) ? header[0] : header) ?? '';
  return /^en\b|^en[-_]/i.test(value.trim()) ? 'en_US' : 'zh_CN';
}

/** A message in a language, with `{name}` placeholders filled. */
export function message(language: Language, key: MessageKey, values: Record<string, string | number> = {}): string {
  return catalogues[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
