/**
 * The request contract of the API as JSON schemas (TypeBox), checked by Fastify's Ajv before a handler runs and
 * published as OpenAPI 3.1 (platform/http/openapi.ts).
 *
 * Division of labour: a schema states the shape and the types of what a call accepts, strictly (Ajv with no
 * coercion: `dry_run: "true"` is a string, not a boolean, and is refused with 400); whether a field must be given,
 * and every rule and limit, stay in each feature's payloads.ts, built from core/rules and shared with the browser,
 * because the spec gives them their own messages ("Please select a domain", rules §8). So a schema lists no field as
 * required (`typesOnly`) and carries no length or range limit that core/rules owns.
 *
 * Each feature area lists its routes' schemas in its own schemas.ts, keyed by `METHOD /path`; the registry hands
 * them to `attachRouteSchemas`, which gives each route its schema as it is registered, and a test fails when an API
 * route has none.
 */
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { Type, type TSchema } from 'typebox';
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import { API_BASE } from '../config.js';

/** `METHOD /path` (path below /api) -> the route's schema. */
export type RouteSchemas = Readonly<Record<string, FastifySchema>>;

/** A query value: query strings carry text only, so numbers arrive as digits and are read by the payload checks. */
export const QueryText = Type.String({ maxLength: 2048 });
/** A whole number in a query string. */
export const QueryInteger = Type.String({ pattern: '^[0-9]{0,12}$', description: 'a whole number (empty: not given)' });
/** A positive id in a body. */
export const Id = Type.Integer({ minimum: 1 });
/** Ids in a body. */
export const IdList = Type.Array(Id);
/** An id in a body that may be cleared with null. */
export const NullableId = Type.Union([Id, Type.Null()]);
/** Text lines in a body (domains, addresses, URLs). */
export const TextList = Type.Array(Type.String());

/** The page parameters every list takes (shell §9 page sizes; the aliases some callers use). */
export const PAGE_QUERY = {
  page: Type.Optional(QueryInteger),
  per_page: Type.Optional(QueryInteger),
  page_size: Type.Optional(QueryInteger),
  pagesize: Type.Optional(QueryInteger),
  size: Type.Optional(QueryInteger),
};

/** Optional query fields, each text. */
export function queryFields(...names: string[]): Record<string, TSchema> {
  return Object.fromEntries(names.map((name) => [name, Type.Optional(QueryText)]));
}

/** Optional query fields, each a whole number. */
export function queryIntegers(...names: string[]): Record<string, TSchema> {
  return Object.fromEntries(names.map((name) => [name, Type.Optional(QueryInteger)]));
}

/**
 * The schema without its `required` lists, at every depth: what is checked is the type of each field that is
 * given; whether it must be given is a rule of core/rules with the spec's own message.
 */
export function typesOnly<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(typesOnly) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(schema)) {
    if (key === 'required') continue;
    copy[key] = typesOnly((schema as Record<string, unknown>)[key]);
  }
  return copy as T;
}

/** A GET route: its summary, the area it belongs to (OpenAPI tag) and its query fields. */
export function getRoute(tag: string, summary: string, query: Record<string, TSchema> = {}): FastifySchema {
  return { tags: [tag], summary, querystring: typesOnly(Type.Object(query)) };
}

/** A list route: the page parameters plus its filters. */
export function listRoute(tag: string, summary: string, filters: Record<string, TSchema> = {}): FastifySchema {
  return getRoute(tag, summary, { ...PAGE_QUERY, ...filters });
}

/** A POST or PUT route: its summary, area and JSON body. */
export function bodyRoute(tag: string, summary: string, body: Record<string, TSchema>): FastifySchema {
  return { tags: [tag], summary, body: typesOnly(Type.Object(body)) };
}

/** The key of a route in a RouteSchemas table. */
export function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url}`;
}

/** Gives each API route registered after this call its schema from `schemas` (a route's own schema wins). */
export function attachRouteSchemas(app: FastifyInstance, schemas: RouteSchemas): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.schema) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const schema = schemas[routeKey(method, route.url)];
      if (schema) {
        route.schema = schema;
        return;
      }
    }
  });
}

/** Most field issues one refused request names. */
export const SCHEMA_ISSUES_MAX = 20;

/** One Ajv error as Fastify hands it over. */
interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/**
 * Ajv's errors as the field issues of the "Form verification failed" envelope: the field path in the dotted form
 * the console's forms use (`records.3.ttl`), `common.required` for a missing field and `common.format-error` for a
 * wrong type or form.
 */
export function schemaIssues(errors: readonly SchemaError[]): FieldIssue[] {
  // A list of 100,000 entries of the wrong type names its first fields only, like the payload checks do.
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  for (const error of errors) {
    const path = error.instancePath.split('/').filter(Boolean);
    if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') path.push(error.params.missingProperty);
    const field = path.join('.') || 'body';
    if (seen.has(field)) continue;
    if (issues.length === SCHEMA_ISSUES_MAX) break;
    seen.add(field);
    issues.push({ field, key: error.keyword === 'required' ? 'common.required' : 'common.format-error' });
  }
  return issues;
}
