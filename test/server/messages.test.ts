import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addSecondTenant, expectOk, signInChild, signInParent, startServer } from './helpers.js';

describe('message center: the header bell unread count (shell §1)', () => {
  it('counts the signed-in user\'s unread messages only', async () => {
    const { app } = await startServer();
    try {
      const parent = await signInParent(app);
      const own = await expectOk<{ count: number }>(app, 'GET', 'V4/message.unread.count', { token: parent.token });
      assert.equal(own.count, 1, 'the demo seed leaves one message unread');
      const child = await signInChild(app);
      const childCount = await expectOk<{ count: number }>(app, 'GET', 'V4/message.unread.count', { token: child.token });
      assert.equal(childCount.count, 0, 'another user of the account sees none of the parent\'s messages');
      const other = addSecondTenant(app);
      const otherSession = await signInParent(app, other.email, other.password);
      const otherCount = await expectOk<{ count: number }>(app, 'GET', 'V4/message.unread.count', { token: otherSession.token });
      assert.equal(otherCount.count, 0, 'another account never counts this account\'s messages');
    } finally {
      await app.close();
    }
  });
});
