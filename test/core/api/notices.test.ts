import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { publishNotice, registerNoticeOutlet, type Notice } from '../../../core/api/notices.js';

describe('notice bus: one toast per notice whatever the number of elements', () => {
  it('keeps notices until the notice host registers, then hands each notice to it once', () => {
    publishNotice({ severity: 'info', text: 'early' });
    const shown: Notice[] = [];
    const off = registerNoticeOutlet((notice) => shown.push(notice));
    assert.deepEqual(shown.map((notice) => notice.text), ['early'], 'the backlog goes to the host when it comes');
    publishNotice({ severity: 'warn', text: 'one', language: 'en_US' });
    assert.deepEqual(shown.map((notice) => notice.text), ['early', 'one']);
    assert.equal(shown[1]!.language, 'en_US', 'a notice keeps the language of the element that caused it');
    off();
    publishNotice({ severity: 'error', text: 'later' });
    assert.equal(shown.length, 2, 'nothing reaches an unregistered host');
    const next: Notice[] = [];
    const offNext = registerNoticeOutlet((notice) => next.push(notice));
    assert.deepEqual(next.map((notice) => notice.text), ['later']);
    offNext();
  });
});
