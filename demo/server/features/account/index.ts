/**
 * What other feature areas may use of accounts: binding objects to a permission group (rules §6, used by seeds and
 * auto-bind) and the region data of shell §7 (region conditions of the firewall). Everything else is the area's own.
 */
export { bindGroupObjects } from './store.js';
export { regionData } from './regions.js';
