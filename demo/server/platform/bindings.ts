/**
 * Binding rows (an object linked to a set of others: a rule set to domains, a group to objects) are changed by
 * difference, never by deleting every row and inserting the new set (issue 18): a save that names the same set
 * writes nothing, and a binding that stays keeps its row, with its creation time and author.
 */
import type { Params, Scope } from './security/scope.js';

/** What {@link syncBindings} changed; both empty when the set was already the wanted one. */
export interface BindingChanges {
  added: number[];
  removed: number[];
}

/**
 * Makes the rows of `table` owned by `owner` (column values, e.g. `{ rule_set_id: 3 }`) link exactly the ids in
 * `wanted` through `column`: removes the rows of ids no longer wanted, inserts rows (`owner`, the id and `extra`) for
 * the new ones, and leaves the rest alone. Call inside a transaction.
 */
export function syncBindings(tenant: Scope, table: string, owner: Params, column: string, wanted: readonly number[], extra: Params = {}): BindingChanges {
  const ownerWhere = Object.keys(owner).map((name) => `${name} = @${name}`).join(' AND ');
  const current = new Set(tenant.all<{ id: number }>(table, { columns: `${column} AS id`, where: ownerWhere, params: owner }).map((row) => row.id));
  const target = new Set(wanted);
  const removed = [...current].filter((id) => !target.has(id)).sort((a, b) => a - b);
  const added = [...target].filter((id) => !current.has(id)).sort((a, b) => a - b);
  if (removed.length > 0) {
    tenant.remove(table, `${ownerWhere} AND ${column} IN (SELECT value FROM json_each(@removed_ids))`, { ...owner, removed_ids: JSON.stringify(removed) });
  }
  for (const id of added) tenant.insert(table, { ...owner, [column]: id, ...extra });
  return { added, removed };
}
