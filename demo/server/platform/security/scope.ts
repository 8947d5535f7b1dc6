/**
 * Tenant scoping: every read and write of account data goes through a {@link Scope}, which adds
 * `member_id = @member_id` to each statement and sets `member_id` on each insert. A route cannot forget the
 * condition, because it never writes the WHERE on member_id itself; a table without a `member_id` column is refused.
 *
 * SQL fragments passed in (`columns`, `where`, `orderBy`) must be constants of the route's code; values always travel
 * as named parameters. `@member_id` is reserved.
 */
import type { FastifyRequest } from 'fastify';
import type { ListAnswer } from '../../../../core/api/endpoints/platform.js';
import { prepare, type Db } from '../database.js';
import type { Page } from '../http/pagination.js';
import { requireSession } from './session.js';

/** Named parameters of a scoped statement. */
export type Params = Record<string, unknown>;

/** A SELECT against one account table. */
export interface SelectOptions {
  /** Column list or expressions; `*` by default. */
  columns?: string;
  /** Extra condition, AND-ed with the account condition. */
  where?: string;
  params?: Params;
  orderBy?: string;
}

/** Data access limited to one account. */
export interface Scope {
  readonly memberId: number;
  all<T>(table: string, options?: SelectOptions & { limit?: number; offset?: number }): T[];
  get<T>(table: string, options?: SelectOptions): T | undefined;
  count(table: string, options?: Pick<SelectOptions, 'where' | 'params'>): number;
  /** One page and the total, the shape of every list answer (shell §9). */
  page<T>(table: string, page: Page, options?: SelectOptions): ListAnswer<T>;
  /** Inserts a row owned by the account; returns its rowid. */
  insert(table: string, values: Params): number;
  /** Updates the account's rows matching `where`; returns how many changed. */
  update(table: string, values: Params, where: string, params?: Params): number;
  /** Deletes the account's rows matching `where`; returns how many went. */
  remove(table: string, where: string, params?: Params): number;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const tenantTables = new WeakMap<Db, Map<string, boolean>>();

/** Refuses anything that is not an account table, so a scope can never touch shared or foreign rows. */
function assertTenantTable(db: Db, table: string): void {
  if (!IDENTIFIER.test(table)) throw new Error(`Invalid table name "${table}"`);
  let known = tenantTables.get(db);
  if (!known) {
    known = new Map();
    tenantTables.set(db, known);
  }
  let owned = known.get(table);
  if (owned === undefined) {
    const columns = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
    owned = columns.some((column) => column.name === 'member_id');
    known.set(table, owned);
  }
  if (!owned) throw new Error(`Table "${table}" has no member_id column and cannot be scoped`);
}

function assertColumns(values: Params): string[] {
  const names = Object.keys(values);
  for (const name of names) {
    if (!IDENTIFIER.test(name)) throw new Error(`Invalid column name "${name}"`);
    if (name === 'member_id') throw new Error('member_id is set by the scope, never by a route');
  }
  return names;
}

function withMember(memberId: number, params: Params = {}): Params {
  if ('member_id' in params) throw new Error('@member_id is reserved for the scope');
  return { ...params, member_id: memberId };
}

function condition(where: string | undefined): string {
  return where ? `member_id = @member_id AND (${where})` : 'member_id = @member_id';
}

/** A scope for an account, for code without a request (seed, jobs). */
export function scopeFor(db: Db, memberId: number): Scope {
  function select(table: string, options: SelectOptions, tail = ''): string {
    assertTenantTable(db, table);
    const order = options.orderBy ? ` ORDER BY ${options.orderBy}` : '';
    return `SELECT ${options.columns ?? '*'} FROM ${table} WHERE ${condition(options.where)}${order}${tail}`;
  }
  const scope: Scope = {
    memberId,
    all<T>(table: string, options: SelectOptions & { limit?: number; offset?: number } = {}): T[] {
      const paged = options.limit !== undefined;
      const sql = select(table, options, paged ? ' LIMIT @scope_limit OFFSET @scope_offset' : '');
      const params = withMember(memberId, options.params);
      if (paged) Object.assign(params, { scope_limit: options.limit, scope_offset: options.offset ?? 0 });
      return prepare(db, sql).all(params) as T[];
    },
    get<T>(table: string, options: SelectOptions = {}): T | undefined {
      return prepare(db, select(table, options, ' LIMIT 1')).get(withMember(memberId, options.params)) as T | undefined;
    },
    count(table: string, options: Pick<SelectOptions, 'where' | 'params'> = {}): number {
      const row = prepare(db, select(table, { ...options, columns: 'COUNT(*) AS total' })).get(
        withMember(memberId, options.params),
      ) as { total: number };
      return row.total;
    },
    page<T>(table: string, page: Page, options: SelectOptions = {}): ListAnswer<T> {
      const total = scope.count(table, options);
      const list = total > page.offset ? scope.all<T>(table, { ...options, limit: page.perPage, offset: page.offset }) : [];
      return { list, total };
    },
    insert(table: string, values: Params): number {
      assertTenantTable(db, table);
      const names = assertColumns(values);
      const columns = ['member_id', ...names];
      const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((name) => `@${name}`).join(', ')})`;
      return Number(prepare(db, sql).run(withMember(memberId, values)).lastInsertRowid);
    },
    update(table: string, values: Params, where: string, params: Params = {}): number {
      assertTenantTable(db, table);
      const names = assertColumns(values);
      const setters = names.map((name) => `${name} = @set_${name}`).join(', ');
      const bound = withMember(memberId, params);
      for (const name of names) bound[`set_${name}`] = values[name];
      const sql = `UPDATE ${table} SET ${setters} WHERE ${condition(where)}`;
      return prepare(db, sql).run(bound).changes;
    },
    remove(table: string, where: string, params: Params = {}): number {
      assertTenantTable(db, table);
      return prepare(db, `DELETE FROM ${table} WHERE ${condition(where)}`).run(withMember(memberId, params)).changes;
    },
  };
  return scope;
}

/** The scope of the signed-in account. Routes reach account data only through this. */
export function scope(request: FastifyRequest): Scope {
  return scopeFor(request.server.db, requireSession(request).memberId);
}
