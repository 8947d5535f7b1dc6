/**
 * Per-instance stores (DESIGN §6: everything but session, language, OEM and region lives in a store per element
 * instance). r2wc unmounts React when an element is moved in the DOM (NOTES.md), so an element keeps its state in a
 * store tied to its host, not in component state: the store survives the remount and is collected with the host.
 */

/** Gets or creates the store of a host; a new `dependency` (e.g. another API client) replaces the store. */
export type InstanceStores<Store> = (host: HTMLElement, create: () => Store, dependency?: unknown) => Store;

/** A registry of one element type's stores, keyed by host. */
export function instanceStores<Store>(): InstanceStores<Store> {
  const stores = new WeakMap<HTMLElement, { dependency: unknown; store: Store }>();
  return (host, create, dependency) => {
    const found = stores.get(host);
    if (found && found.dependency === dependency) return found.store;
    const store = create();
    stores.set(host, { dependency, store });
    return store;
  };
}
