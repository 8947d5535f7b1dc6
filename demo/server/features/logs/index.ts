/**
 * What other feature areas may use of logs: the websites a caller may read logs of, and turning a stored line into
 * the API's shape. Everything else is the area's own.
 */
export { chooseDomains, readableWebsites, readIdList } from './access.js';
export { toLogLine } from './routes.js';
