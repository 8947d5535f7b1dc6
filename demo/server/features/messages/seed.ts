/**
 * A few demo messages for the demo parent, two of them unread, so the header bell has something to count.
 */
import { DEMO_MEMBER_ID, DEMO_PARENT_EMAIL } from '../../platform/demo-accounts.js';
import { seedWording, type SeedModule } from '../../platform/seed-module.js';

/** The messages' titles. */
const TEXT = seedWording({
  zh_CN: { certificate: 'shop.example.com 的证书将在 30 天后到期', attack: 'www.example.com 的 CC 攻击已缓解', welcome: '欢迎使用控制台' },
  en_US: { certificate: 'Certificate for shop.example.com expires in 30 days', attack: 'CC attack mitigated on www.example.com', welcome: 'Welcome to the console' },
});

/** Seeds the messages. */
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
    insert.run(DEMO_MEMBER_ID, owner.id, text.certificate, 'certificate', 'console', now - 3_600_000, null);
    insert.run(DEMO_MEMBER_ID, owner.id, text.attack, 'security', 'console', now - 7_200_000, null);
    insert.run(DEMO_MEMBER_ID, owner.id, text.welcome, 'notice', 'console', now - 86_400_000, now - 80_000_000);
  },
};
