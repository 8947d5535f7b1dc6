/**
 * What other feature areas may use of cache tasks: the simulated edge cache (the traffic simulator serves a purged
 * URL as a miss and a prefetched one as a hit). Everything else is the area's own.
 */
export { cachedAt, cachedUrls, cacheUrl, edgeOutcome } from './edge.js';
