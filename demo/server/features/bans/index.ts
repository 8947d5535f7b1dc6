/**
 * What other feature areas may use of bans and IP lists: the sortable address keys that IP-list conditions of
 * firewall rules are evaluated with, and writing ban records (the traffic simulator bans the addresses its CC and
 * WAF ban decisions name, so they appear in the ban manager). Everything else is the area's own.
 */
export { ipKey } from './ip-keys.js';
export { insertBans, type BanSeed } from './seed.js';
export { bansInForce, ipListEntries } from './store.js';
