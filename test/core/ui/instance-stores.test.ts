import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { instanceStores } from '../../../core/ui/instance-stores.js';

describe('instanceStores: one store per element instance, surviving remounts (DESIGN §6, NOTES r2wc)', () => {
  it('gives the same store back for the same host, a separate one per host, and a new one when the dependency changes', () => {
    const stores = instanceStores<{ id: number }>();
    let created = 0;
    const create = () => ({ id: ++created });
    const first = {} as HTMLElement;
    const second = {} as HTMLElement;
    const clientA = {};
    const clientB = {};
    const store = stores(first, create, clientA);
    assert.equal(stores(first, create, clientA), store, 'a remount finds the same store');
    assert.notEqual(stores(second, create, clientA), store, 'another instance has its own');
    const replaced = stores(first, create, clientB);
    assert.notEqual(replaced, store, 'a new API client gives a new store');
    assert.equal(stores(first, create, clientB), replaced);
    assert.equal(created, 3);
  });
});
