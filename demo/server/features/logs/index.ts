/**
 * What other feature areas may use of logs: the websites a caller may read logs of, turning a stored line into the
 * API's shape, the bucket lengths of the store, and the simulator's layer-4 history writer. Everything else is the
 * area's own.
 */
export { chooseDomains, readableWebsites, readIdList } from './access.js';
export { toLogLine } from './routes.js';
export { bucketLength } from './store/sql.js';
export type { TcpFlowScope } from './store/log-store.js';
export { simulateTcpFlows } from './simulator/index.js';
