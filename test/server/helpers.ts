/**
 * Test helpers for the reference server: a server on an in-memory database with a movable clock, calls through
 * `app.inject()` that unwrap the envelope, demo sign-ins, and a second tenant for isolation tests.
 */
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import type { SignInAnswer } from '../../core/api/endpoints/auth.js';
import { buildServer, type ServerOptions } from '../../demo/server/app.js';
import {
  bindGroupObjects,
  createChildAccount,
  createParentAccount,
  createPermissionGroup,
} from '../../demo/server/features/account/store.js';
import {
  DEMO_CHILD_PASSWORD,
  DEMO_CHILD_USER_NAME,
  DEMO_MEMBER_ID,
  DEMO_PARENT_EMAIL,
  DEMO_PARENT_PASSWORD,
} from '../../demo/server/platform/demo-accounts.js';
import { insertPlan } from '../../demo/server/features/plans/seed.js';
import { hashPasswordSync } from '../../demo/server/platform/security/passwords.js';

/** A clock tests move by hand. */
export interface TestClock {
  now: () => number;
  advance(ms: number): void;
}

/** 2026-03-01T00:00:00Z, so expiry arithmetic in tests is easy to read. */
export const TEST_START = Date.UTC(2026, 2, 1);

/** A clock starting at {@link TEST_START}. */
export function testClock(start = TEST_START): TestClock {
  let current = start;
  return { now: () => current, advance: (ms) => (current += ms) };
}

/** A seeded server on an in-memory database, ready for inject(). */
export async function startServer(options: Partial<ServerOptions> = {}): Promise<{ app: FastifyInstance; clock: TestClock }> {
  const clock = testClock();
  const app = await buildServer({ dbPath: ':memory:', now: clock.now, ...options });
  await app.ready();
  return { app, clock };
}

/** What a call answered. */
export interface Answer<T = unknown> {
  httpStatus: number;
  headers: Record<string, string | string[] | number | undefined>;
  code: number;
  message: string;
  data: T;
  raw: string;
}

/** Options of a test call. */
export interface CallOptions {
  token?: string;
  body?: unknown;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  lang?: 'zh_CN' | 'en_US';
  /** Sent as Idempotency-Key on mutations; a fresh one when absent, like the console's client. */
  idempotencyKey?: string;
  /** The client's default IP is 127.0.0.1; rate-limit tests vary it. */
  remoteAddress?: string;
}

let keyCounter = 0;

/** Calls the API (path without /api) and unwraps the envelope. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'x-lang': options.lang ?? 'en_US', ...options.headers };
  if (options.token) headers['x-token'] = options.token;
  if (method !== 'GET') headers['idempotency-key'] = options.idempotencyKey ?? `test-key-${++keyCounter}`;
  const response = await app.inject({
    method,
    url: `/api/${path}`,
    query: options.query ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)])) : undefined,
    headers,
    payload: options.body === undefined ? undefined : (options.body as object),
    remoteAddress: options.remoteAddress,
  });
  let envelope: { status?: { code: number; message: string }; data?: T } = {};
  try {
    envelope = JSON.parse(response.body) as typeof envelope;
  } catch {
    // Non-JSON bodies (static files) are checked through `raw`.
  }
  return {
    httpStatus: response.statusCode,
    headers: response.headers,
    code: envelope.status?.code ?? Number.NaN,
    message: envelope.status?.message ?? '',
    data: envelope.data as T,
    raw: response.body,
  };
}

/** Calls and asserts success; returns the data. */
export async function expectOk<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: CallOptions = {},
): Promise<T> {
  const answer = await call<T>(app, method, path, options);
  assert.equal(answer.httpStatus, 200, answer.raw);
  assert.equal(answer.code, 1, `${method} ${path}: ${answer.raw}`);
  return answer.data;
}

/** Signs in a parent; returns the answer. */
export async function signInParent(app: FastifyInstance, email = DEMO_PARENT_EMAIL, password = DEMO_PARENT_PASSWORD) {
  return expectOk<SignInAnswer>(app, 'POST', 'sso/V4/login', { body: { email, password } });
}

/** Signs in a child; returns the answer. */
export async function signInChild(
  app: FastifyInstance,
  memberId: number = DEMO_MEMBER_ID,
  userName = DEMO_CHILD_USER_NAME,
  password = DEMO_CHILD_PASSWORD,
) {
  return expectOk<SignInAnswer>(app, 'POST', 'sso/V4/subuser/login', {
    body: { member_id: memberId, user_name: userName, password },
  });
}

/** A second tenant, made the way the demo seed makes the first. */
export interface SecondTenant {
  memberId: number;
  email: string;
  password: string;
  childName: string;
  childPassword: string;
  domainIds: number[];
  planId: number;
}

let tenantCounter = 0;

/**
 * Adds another parent account with a trial plan, two domains and a child with manage-all domain access; each call
 * makes a new one.
 */
export function addSecondTenant(app: FastifyInstance): SecondTenant {
  const now = app.now();
  const label = `other${++tenantCounter}`;
  const email = `owner@${label}.example`;
  const password = 'Other#Tenant1';
  const childName = 'helper';
  const childPassword = 'Helper#Tenant1';
  const { memberId } = createParentAccount(app.db, { email, passwordHash: hashPasswordSync(password) }, now);
  const groupId = createPermissionGroup(
    app.db,
    { memberId, name: 'Everyone', grants: [{ module: 'domain', object_scope: 'all', access: 'manage', auto_bind_new: false }] },
    now,
  );
  createChildAccount(app.db, { memberId, userName: childName, passwordHash: hashPasswordSync(childPassword), groupId }, now);
  const insert = app.db.prepare('INSERT INTO domains (member_id, domain, created_at) VALUES (?, ?, ?)');
  const domainIds = [`private.${label}.example`, `www.${label}.example`].map((domain) =>
    Number(insert.run(memberId, domain, now).lastInsertRowid),
  );
  bindGroupObjects(app.db, { memberId, groupId, module: 'domain', kind: 'specified', objectIds: domainIds });
  const planId = insertPlan(app.db, { memberId, level: 'trial', expireAt: now + 86_400_000 }, now);
  return { memberId, email, password, childName, childPassword, domainIds, planId };
}

/**
 * Routes opened with a single-use ticket instead of the x-token header (the job stream: EventSource cannot send
 * headers). The session sweeps skip them; test/server/cache-tasks.test.ts covers their tickets, scoping and expiry.
 */
export const TICKET_ROUTES: readonly string[] = ['/api/V4/job.task.stream', '/api/V4/message.stream'];

/** A registered route. */
export interface RouteInfo {
  method: string;
  path: string;
}

/**
 * Every registered route, read from Fastify's route tree print-out (Fastify has no route list API). Used by the
 * sweeps that must cover routes later areas add without the test being edited.
 */
export function registeredRoutes(app: FastifyInstance): RouteInfo[] {
  const parents: string[] = [];
  const routes: RouteInfo[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)(?:├── |└── )(.*?)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    const path = (depth === 0 ? '' : parents[depth - 1]) + match[2];
    parents[depth] = path;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method, path });
    }
  }
  assert.ok(routes.length > 10, 'the route print-out format changed: no routes found');
  return routes;
}

/** Every row an account owns, across all tables with a member_id column, as JSON (for before/after comparisons). */
export function accountSnapshot(app: FastifyInstance, memberId: number): string {
  const tables = (app.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[])
    .map((row) => row.name)
    .filter((name) =>
      (app.db.prepare(`PRAGMA table_info(${name})`).all() as { name: string }[]).some((column) => column.name === 'member_id'),
    );
  const snapshot: Record<string, unknown[]> = {
    members: app.db.prepare('SELECT * FROM members WHERE id = ?').all(memberId),
  };
  for (const table of tables) {
    snapshot[table] = app.db.prepare(`SELECT * FROM ${table} WHERE member_id = ? ORDER BY rowid`).all(memberId);
  }
  return JSON.stringify(snapshot);
}
