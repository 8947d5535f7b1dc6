/**
 * What other feature areas may use of bans and IP lists: the sortable address keys that IP-list conditions of
 * firewall rules are evaluated with. Everything else is the area's own.
 */
export { ipKey } from './ip-keys.js';
