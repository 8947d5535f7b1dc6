/**
 * Demo data of the message center: a few messages for the demo parent (one unread; the certificate expiry check adds
 * a real one when the server starts, so the header bell has something to count), announcements, an on-call contact group with one verified and one unverified mailbox (rules §4), and a
 * notice configuration that mails certificate and security notifications to that group.
 */
import { DEMO_MEMBER_ID, DEMO_PARENT_EMAIL } from '../../platform/demo-accounts.js';
import { seedWording, type SeedModule } from '../../platform/seed-module.js';

/** The texts, in the seed language. */
const TEXT = seedWording({
  zh_CN: {
    attack: 'www.example.com 的 CC 攻击已缓解',
    welcome: '欢迎使用控制台',
    notices: [
      { title: '平台将于本周六 02:00-04:00 进行例行维护', body: '维护期间控制台可能短暂无法访问，加速与防护服务不受影响。' },
      { title: '免费证书签发额度调整说明', body: '每个注册域名每周最多签发 50 张免费证书，重复证书最多 5 张。' },
      { title: '新增消息中心与通知联系人', body: '您可以在消息中心配置通知联系人组，将证书到期、攻击等通知发送到已验证的邮箱。' },
    ],
    group: '值班组',
    verified: '值班管理员',
    unverified: '安全负责人',
  },
  en_US: {
    attack: 'CC attack mitigated on www.example.com',
    welcome: 'Welcome to the console',
    notices: [
      { title: 'Routine maintenance this Saturday 02:00-04:00', body: 'The console may be briefly unavailable; acceleration and protection keep working.' },
      { title: 'Free certificate quota explained', body: 'Each registered domain gets at most 50 free certificates a week, 5 of them duplicates.' },
      { title: 'New: message center and notification contacts', body: 'Set up contact groups in the message center to receive certificate expiry and attack notifications in verified mailboxes.' },
    ],
    group: 'On-call',
    verified: 'On-call admin',
    unverified: 'Security lead',
  },
});

/** Seeds the messages, announcements, contacts and notice configuration. */
export const messagesSeed: SeedModule = {
  name: 'messages',
  run({ db, now, language }) {
    const text = TEXT[language];
    const owner = db
      .prepare('SELECT id FROM users WHERE member_id = ? AND email = ? AND account_type = 1')
      .get(DEMO_MEMBER_ID, DEMO_PARENT_EMAIL) as { id: number } | undefined;
    if (!owner) return;
    const insert = db.prepare(
      'INSERT INTO messages (member_id, user_id, title, type, channel, created_at, read_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    insert.run(DEMO_MEMBER_ID, owner.id, text.attack, 'security', 'console', now - 7_200_000, null);
    insert.run(DEMO_MEMBER_ID, owner.id, text.welcome, 'notice', 'console', now - 86_400_000, now - 80_000_000);

    const notice = db.prepare('INSERT INTO message_notices (member_id, title, body, published_at) VALUES (?, ?, ?, ?)');
    text.notices.forEach((item, index) => notice.run(DEMO_MEMBER_ID, item.title, item.body, now - (index + 1) * 3 * 86_400_000));

    const group = Number(db.prepare('INSERT INTO message_contact_groups (member_id, name, created_at) VALUES (?, ?, ?)').run(DEMO_MEMBER_ID, text.group, now).lastInsertRowid);
    const contact = db.prepare(
      'INSERT INTO message_contacts (member_id, name, email, mobile, group_id, language, email_verified_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    // Each contact's mail language is their own setting, not the seed's: one of each shows both mail languages.
    contact.run(DEMO_MEMBER_ID, text.verified, DEMO_PARENT_EMAIL, '+8613800000000', group, 'zh_CN', now, now);
    contact.run(DEMO_MEMBER_ID, text.unverified, 'security@example.com', '', group, 'en_US', null, now);
    for (const type of ['certificate', 'security']) {
      db.prepare('INSERT INTO message_notice_rules (member_id, type, console, mail) VALUES (?, ?, 1, 1)').run(DEMO_MEMBER_ID, type);
      db.prepare('INSERT INTO message_notice_groups (member_id, type, group_id) VALUES (?, ?, ?)').run(DEMO_MEMBER_ID, type, group);
    }
  },
};
