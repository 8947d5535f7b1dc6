/** The documents area (issue 29): the documentation centre's articles, rendered and searched on the server. */
export { documentRoutes } from './routes.js';
export { documentSchemas } from './schemas.js';
