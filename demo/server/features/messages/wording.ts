/**
 * What each event notification says, in both mail and console languages (shell §9 email languages: English and
 * Simplified Chinese). Messages store the kind and its values, and the title and body are written when read, in the
 * reader's language; mails are written once, in the contact's language. Values are plain text: the HTML body escapes
 * them.
 */
import type { NotifyType } from '../../../../core/api/endpoints/messages.js';
import type { Language } from '../../../../core/i18n/language.js';

/** The notifications the system produces, each with the message type it is filed under. */
export const NOTIFICATION_KINDS = {
  'certificate-expiring': 'certificate',
  'certificate-issued': 'certificate',
  'domain-approved': 'domain',
  'domain-failed': 'domain',
  'domain-suspended': 'domain',
  'attack-spike': 'security',
  'ip-banned': 'security',
  'task-finished': 'task',
  'sign-in-new-region': 'login',
  // The spec's message types have no account type: identity reviews go with the sign-in (account security) messages.
  'identity-verified': 'login',
  'identity-rejected': 'login',
} as const satisfies Record<string, NotifyType>;

/** A notification kind. */
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

/** Values a notification's wording interpolates. */
export type NotificationValues = Record<string, string | number>;

interface Wording {
  title: string;
  body: string;
}

const WORDING: Record<Language, Record<NotificationKind, Wording>> = {
  zh_CN: {
    'certificate-expiring': { title: '证书 {name} 将在 {days:day}后到期', body: '证书 {name}（{domains}）将于 {expires} 到期，请及时续期或更换证书，以免网站 HTTPS 访问中断。' },
    'certificate-issued': { title: '免费证书 {name} 已签发', body: '免费证书 {name}（{domains}）已签发，可以绑定到网站使用。' },
    'domain-approved': { title: '域名 {domain} 审核通过', body: '域名 {domain} 已审核通过，配置正在下发。' },
    'domain-failed': { title: '域名 {domain} 审核未通过', body: '域名 {domain} 审核未通过，原因：{reason}' },
    'domain-suspended': { title: '域名 {domain} 已被暂停', body: '域名 {domain} 已被暂停服务，访问者将收到 503 响应。' },
    'attack-spike': { title: '{domain} 遭受攻击', body: '{domain} 在一次攻击高峰中拦截了 {count} 次攻击请求，请查看安全报表。{minutes} 分钟内的后续高峰不再重复通知。' },
    'ip-banned': { title: '{domain} 封禁了 IP {ip}', body: '{domain} 的防护规则封禁了 IP {ip}（本轮共封禁 {count} 个 IP）。{minutes} 分钟内的后续封禁请在封禁管理中查看，不再重复通知。' },
    'task-finished': { title: '{task}任务 #{id} 已{state}', body: '{task}任务 #{id} 已{state}。详情请查看任务列表。' },
    'sign-in-new-region': { title: '子账号 {user} 从新地区登录', body: '子账号 {user} 于 {time} 从 {region}（IP {ip}）登录。如非本人操作，请立即修改密码。' },
    'identity-verified': { title: '实名认证已通过', body: '账号的实名认证（{name}）已审核通过。' },
    'identity-rejected': { title: '实名认证未通过', body: '账号的实名认证（{name}）未通过审核，原因：{reason}。请修改后重新提交。' },
  },
  en_US: {
    'certificate-expiring': { title: 'Certificate {name} expires in {days:day}', body: 'Certificate {name} ({domains}) expires on {expires}. Renew or replace it so that HTTPS access to your websites is not interrupted.' },
    'certificate-issued': { title: 'Free certificate {name} issued', body: 'The free certificate {name} ({domains}) has been issued and can be bound to your websites.' },
    'domain-approved': { title: 'Domain {domain} approved', body: 'Domain {domain} was approved; its configuration is being issued.' },
    'domain-failed': { title: 'Domain {domain} failed approval', body: 'Domain {domain} failed approval. Reason: {reason}' },
    'domain-suspended': { title: 'Domain {domain} suspended', body: 'Domain {domain} is suspended; visitors receive 503.' },
    'attack-spike': { title: 'Attack on {domain}', body: '{domain} blocked {count} attack requests in one burst. See the security reports. Further bursts within {minutes} minutes are not notified again.' },
    'ip-banned': { title: '{domain} banned IP {ip}', body: 'A protection rule of {domain} banned IP {ip} ({count} IPs banned in this round). Further bans within {minutes} minutes are listed in the ban manager without another notification.' },
    'task-finished': { title: '{task} task #{id} {state}', body: '{task} task #{id} {state}. See the task list for details.' },
    'sign-in-new-region': { title: 'Sub-account {user} signed in from a new region', body: 'Sub-account {user} signed in at {time} from {region} (IP {ip}). If this was not them, change the password now.' },
    'identity-verified': { title: 'Identity verified', body: 'The identity verification of the account ({name}) was approved.' },
    'identity-rejected': { title: 'Identity verification rejected', body: 'The identity verification of the account ({name}) was rejected. Reason: {reason}. Correct it and submit again.' },
  },
};

/** Words some values are given as (task names, outcomes, review refusals), by language. */
const TERMS: Record<Language, Record<string, string>> = {
  zh_CN: { 'websites.domain-bound-elsewhere': '当前输入域名无效或已被绑定', 'name-mismatch': '姓名与登记信息不一致', purge: '刷新', prefetch: '预热', 'log-download': '日志下载', success: '完成', failed: '失败' },
  en_US: { 'websites.domain-bound-elsewhere': 'Current input domain invalid or already bound', 'name-mismatch': 'the name does not match the registry', purge: 'Purge', prefetch: 'Prefetch', 'log-download': 'Log download', success: 'completed', failed: 'failed' },
};

/** Footer of every notification mail. */
const MAIL_FOOTER: Record<Language, string> = {
  zh_CN: '此邮件由系统自动发送，您收到它是因为您是通知联系人组的成员。',
  en_US: 'This mail was sent automatically because you are in a notification contact group.',
};

/** Counted units (`{days:day}`), singular and plural, by language. */
const UNITS: Record<Language, Record<string, [string, string]>> = {
  zh_CN: { day: [' 天', ' 天'] },
  en_US: { day: [' day', ' days'] },
};

function fill(template: string, values: NotificationValues, language: Language): string {
  return template.replace(/\{(\w+)(?::(\w+))?\}/g, (whole, name: string, unit: string | undefined) => {
    const value = values[name];
    if (value === undefined) return whole;
    const forms = unit ? UNITS[language][unit] : undefined;
    if (forms) return `${value}${value === 1 ? forms[0] : forms[1]}`;
    return TERMS[language][String(value)] ?? String(value);
  });
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** Title and body of a notification in one language. */
export function notificationText(kind: NotificationKind, values: NotificationValues, language: Language): Wording {
  const wording = WORDING[language][kind];
  return { title: fill(wording.title, values, language), body: fill(wording.body, values, language) };
}

/** A notification mail's subject and both bodies in one language. */
export function notificationMail(kind: NotificationKind, values: NotificationValues, language: Language): { subject: string; text: string; html: string } {
  const { title, body } = notificationText(kind, values, language);
  const footer = MAIL_FOOTER[language];
  return {
    subject: title,
    text: `${title}\n\n${body}\n\n--\n${footer}\n`,
    html: `<h1 style="font-size:18px">${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p><hr><p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>`,
  };
}

/** The verification-code mail of a contact's mailbox (rules §4, §8). */
export function contactCodeMail(code: string, minutes: number, language: Language): { subject: string; text: string; html: string } {
  const subject = language === 'zh_CN' ? '通知邮箱验证码' : 'Verify your notification mailbox';
  const line =
    language === 'zh_CN'
      ? `您的验证码是 ${code}，${minutes} 分钟内有效。验证后此邮箱才会收到通知。`
      : `Your verification code is ${code}. It is valid for ${minutes} minutes. This mailbox receives notifications once verified.`;
  return { subject, text: `${line}\n`, html: `<p>${escapeHtml(line)}</p>` };
}
