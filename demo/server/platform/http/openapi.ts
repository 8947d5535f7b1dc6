/**
 * The API contract published as an OpenAPI 3.1 document (@fastify/swagger), built from the request schemas every
 * route is checked with (platform/http/schemas.ts), so a provider's backend team can implement what the elements
 * expect. Served at `/api/openapi.json` and written to `dist/openapi.json` by `npm run build`.
 */
import type { SwaggerOptions } from '@fastify/swagger';

/** Where the document is served, below /api. */
export const OPENAPI_PATH = '/openapi.json';

/** The document's header: what every answer looks like and how a caller signs in. */
export function openApiOptions(): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'edge-console API',
        version: '1',
        description:
          'Every answer is the envelope `{ status: { code, message }, data }`; code 1 is success, any other code is ' +
          'a catalogue error (shell §8) whose message is in the language the request asked for (`X-LANG`). A request ' +
          'whose body or query does not match its schema is refused with HTTP 400 and code VALIDATION_FAILED ' +
          '(`data.errors`: field and message key). Lists take `page` and `per_page` and answer `{ list, total }`. ' +
          'Writes take an `Idempotency-Key` header; a retry with the same key answers the first result.',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'x-token' } },
      },
      security: [{ token: [] }],
    },
  };
}
