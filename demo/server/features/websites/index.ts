/**
 * What other feature areas may use of websites: reading a selection of websites (ids, or "all matching" a filter)
 * and the group form, as website groups do when they assign websites. Everything else is the area's own.
 */
export { readGroup, readSelection } from './payloads.js';
export { mayChangeWebsite, provision, resolveSelection, websiteEditable } from './routes.js';
export { WebsiteSelectionSchema } from './schemas.js';
/** A site's origins, for the traffic simulator's origin choice (load balancing, primary before backup). */
export { loadOrigins, parseSettings, toWebsiteInfos } from './store.js';
