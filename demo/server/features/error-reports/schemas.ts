/** Request schemas of the error reports. */
import { Type } from 'typebox';
import { bodyRoute, listRoute, type RouteSchemas } from '../../platform/http/schemas.js';

const TAG = 'error-reports';
/** The browser posts at most this many reports at once (core/api/error-report.ts ERROR_REPORT_BATCH). */
export const REPORTS_PER_POST = 20;

/** An element tag, as reported and as filtered by. */
const Source = Type.String({ maxLength: 64 });
/** A failure kind, as reported and as filtered by. */
const Kind = Type.String({ maxLength: 32 });

const Report = Type.Object(
  {
    at: Type.String({ maxLength: 40 }),
    source: Source,
    kind: Kind,
    code: Type.Optional(Type.Integer()),
    request_id: Type.Optional(Type.String({ maxLength: 64 })),
    path: Type.String({ maxLength: 300 }),
    language: Type.String({ maxLength: 8 }),
    console_version: Type.String({ maxLength: 32 }),
  },
  { additionalProperties: false },
);

/** Schemas by `METHOD /path`. */
export const errorReportSchemas: RouteSchemas = {
  'POST /V4/metrics.error.report': bodyRoute(TAG, 'Report failures the console showed (no personal data)', {
    errors: Type.Array(Report, { minItems: 1, maxItems: REPORTS_PER_POST }),
  }),
  'GET /V4/metrics.error.list': listRoute(TAG, 'Failures reported by the console, newest first', {
    source: Type.Optional(Source),
    kind: Type.Optional(Kind),
  }),
};
