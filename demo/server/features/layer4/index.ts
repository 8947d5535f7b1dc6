/** The layer-4 area: TCP value-added packages, forwarding rules, their origin health and access control. */
export { layer4Migration } from './migration.js';
export { layer4Routes } from './routes.js';
export { layer4Schemas } from './schemas.js';
export { layer4Seed } from './seed.js';
export { setOriginHealth } from './store.js';
