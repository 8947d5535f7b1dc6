/**
 * What other areas use of the message center: the one-line notices their events call, and notify() itself for a
 * producer that needs its own wording.
 */
export { noticeDomainsSuspended, noticeSignIn, noticeTraffic } from './event-notices.js';
export { notify, notifyLater, type NotifyEvent } from './notify.js';
