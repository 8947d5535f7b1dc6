import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isActiveNoticeOutlet, publishNotice, registerNoticeOutlet, type Notice } from '../../../core/api/notices.js';

describe('notice bus: one toast per notice whatever the number of elements', () => {
  it('keeps notices until an outlet mounts, then the host outlet wins over element outlets', () => {
    publishNotice({ severity: 'info', text: 'early' });
    const firstElement: Notice[] = [];
    const secondElement: Notice[] = [];
    const host: Notice[] = [];
    const offFirst = registerNoticeOutlet((notice) => firstElement.push(notice));
    const offSecond = registerNoticeOutlet((notice) => secondElement.push(notice));
    assert.deepEqual(firstElement.map((notice) => notice.text), ['early'], 'the backlog goes to the first outlet');
    publishNotice({ severity: 'warn', text: 'one' });
    assert.equal(firstElement.length, 2);
    assert.equal(secondElement.length, 0);
    const hostListener = (notice: Notice) => host.push(notice);
    const offHost = registerNoticeOutlet(hostListener, 10);
    publishNotice({ severity: 'error', text: 'two' });
    assert.equal(host.length, 1);
    assert.equal(firstElement.length, 2);
    assert.ok(isActiveNoticeOutlet(hostListener));
    offHost();
    offFirst();
    publishNotice({ severity: 'success', text: 'three' });
    assert.deepEqual(secondElement.map((notice) => notice.text), ['three'], 'the next outlet takes over');
    offSecond();
  });
});
