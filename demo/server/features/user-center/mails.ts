/**
 * The verification-code mails, in the recipient's language (shell §9 email languages: English, Simplified Chinese).
 * The language is the one the user is working in when the code is asked for (the request's `X-LANG`): the user reads
 * the mail right away, in the language of the screen that asked them to. Both bodies are built here, plain text and
 * HTML; the HTML holds only the code (digits) and fixed text, so nothing needs escaping but the mailbox, which does.
 */
import { VERIFICATION_CODE_TTL_MINUTES } from '../../../../core/rules/user-center.js';
import type { Language } from '../../platform/http/messages.js';

/** What the code is for. */
export type CodeMailPurpose = 'mailbox' | 'sign-in';

const TEXTS: Record<Language, Record<CodeMailPurpose, { subject: string; intro: string }> & { code: string; expiry: string; ignore: string }> = {
  zh_CN: {
    mailbox: { subject: '邮箱绑定验证码', intro: '您正在将此邮箱绑定到控制台账号 {account}。' },
    'sign-in': { subject: '登录验证码', intro: '账号 {account} 正在登录控制台，需要邮箱二次验证。' },
    code: '验证码：{code}',
    expiry: '验证码 {minutes} 分钟内有效，仅可使用一次。',
    ignore: '如果这不是您本人的操作，请忽略本邮件，并尽快修改密码。',
  },
  en_US: {
    mailbox: { subject: 'Verification code to bind your mailbox', intro: 'You are binding this mailbox to the console account {account}.' },
    'sign-in': { subject: 'Sign-in verification code', intro: 'The account {account} is signing in to the console and needs the secondary email verification.' },
    code: 'Verification code: {code}',
    expiry: 'The code is valid for {minutes} minutes and can be used once.',
    ignore: 'If this was not you, ignore this mail and change your password soon.',
  },
};

function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Subject and both bodies of a code mail. */
export function codeMail(language: Language, purpose: CodeMailPurpose, account: string, code: string): { subject: string; text: string; html: string } {
  const texts = TEXTS[language];
  const values = { account, code, minutes: VERIFICATION_CODE_TTL_MINUTES };
  const lines = [fill(texts[purpose].intro, values), fill(texts.code, values), fill(texts.expiry, values), texts.ignore];
  const htmlValues = { ...values, account: escapeHtml(account) };
  const html = [
    `<p>${fill(texts[purpose].intro, htmlValues)}</p>`,
    `<p style="font-size:20px;letter-spacing:4px"><strong>${code}</strong></p>`,
    `<p>${fill(texts.expiry, htmlValues)}</p>`,
    `<p>${texts.ignore}</p>`,
  ].join('\n');
  return { subject: texts[purpose].subject, text: lines.join('\n\n'), html };
}
