/**
 * The log store the server carries (DESIGN §4 "Traffic and logs"), declared next to the store so the platform stays
 * free of feature areas: routes read `request.server.logStore`.
 */
import type { LogStore } from './log-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Edge logs: DuckDB embedded by default, ClickHouse when configured. */
    logStore: LogStore;
  }
}
