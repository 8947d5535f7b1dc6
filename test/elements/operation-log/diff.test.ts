import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countDiff, diffValues, flattenJson, formatDiffValue, pathSteps } from '../../../elements/operation-log/diff.js';

const kinds = (before: unknown, after: unknown) => diffValues(before, after).map(({ path, kind }) => `${kind} ${path}`);

describe('operation log diff: nested JSON flattened to dotted paths', () => {
  it('flattens objects with dots and arrays with indexes, in document order', () => {
    const leaves = flattenJson({ domain: 'www.example.com', origins: [{ address: '1.2.3.4', port: 80 }, { address: 'b.example', port: 443 }], https: { hsts: { on: true } } });
    assert.deepEqual([...leaves.entries()], [
      ['domain', 'www.example.com'],
      ['origins[0].address', '1.2.3.4'],
      ['origins[0].port', 80],
      ['origins[1].address', 'b.example'],
      ['origins[1].port', 443],
      ['https.hsts.on', true],
    ]);
  });

  it('quotes keys that would make the path ambiguous (dots, brackets, quotes, spaces, empty)', () => {
    const leaves = flattenJson({ hosts: { 'www.example.com': 1, 'a b': 2, '': 3, 'x"y': 4, 'Cache-Control': 5 } });
    assert.deepEqual([...leaves.keys()], ['hosts["www.example.com"]', 'hosts["a b"]', 'hosts[""]', 'hosts["x\\"y"]', 'hosts.Cache-Control']);
  });

  it('keeps nested empty objects, empty lists and nulls as leaves; a null or absent root has no paths', () => {
    assert.deepEqual([...flattenJson({ a: {}, b: [], c: null }).entries()], [['a', {}], ['b', []], ['c', null]]);
    assert.equal(flattenJson(null).size, 0);
    assert.equal(flattenJson(undefined).size, 0);
    assert.equal(flattenJson({}).size, 0);
  });

  it('a plain value at the root is one leaf with the empty path', () => {
    assert.deepEqual([...flattenJson('Asia/Shanghai').entries()], [['', 'Asia/Shanghai']]);
  });
});

describe('operation log diff: added, removed and changed paths', () => {
  it('marks changed, unchanged, removed and added leaves', () => {
    const entries = diffValues({ timezone: 'Asia/Shanghai', ttl: 600, old: 1 }, { timezone: 'Europe/Berlin', ttl: 600, fresh: 2 });
    assert.deepEqual(entries, [
      { path: 'timezone', kind: 'changed', before: 'Asia/Shanghai', after: 'Europe/Berlin' },
      { path: 'ttl', kind: 'unchanged', before: 600, after: 600 },
      { path: 'old', kind: 'removed', before: 1 },
      { path: 'fresh', kind: 'added', after: 2 },
    ]);
  });

  it('a creation (before null) is all added; a deletion (after null) is all removed', () => {
    assert.deepEqual(kinds(null, { name: 'r1', rules: [1] }), ['added name', 'added rules[0]']);
    assert.deepEqual(kinds({ name: 'r1', rules: [1] }, null), ['removed name', 'removed rules[0]']);
    assert.deepEqual(diffValues(null, null), []);
  });

  it('places an added path right after its preceding sibling, not at the end', () => {
    assert.deepEqual(kinds({ a: 1, c: 3 }, { a: 1, b: 2, c: 3 }), ['unchanged a', 'added b', 'unchanged c']);
    assert.deepEqual(kinds({ b: 1 }, { a: 0, b: 1 }), ['added a', 'unchanged b']);
  });

  it('compares deep inside lists: a grown list adds indexes, a shrunk one removes them', () => {
    assert.deepEqual(kinds({ ports: [80] }, { ports: [80, 443] }), ['unchanged ports[0]', 'added ports[1]']);
    assert.deepEqual(kinds({ ports: [80, 443] }, { ports: [8080] }), ['changed ports[0]', 'removed ports[1]']);
  });

  it('a value that changes type is a change, and "80" differs from 80', () => {
    assert.deepEqual(kinds({ port: 80 }, { port: '80' }), ['changed port']);
    assert.deepEqual(kinds({ cfg: { on: true } }, { cfg: 'off' }), ['removed cfg.on', 'added cfg']);
    assert.deepEqual(kinds({ list: [] }, { list: {} }), ['changed list']);
    assert.deepEqual(kinds({ list: [] }, { list: [] }), ['unchanged list']);
  });

  it('plain values at the root compare under the empty path', () => {
    assert.deepEqual(diffValues(1, 2), [{ path: '', kind: 'changed', before: 1, after: 2 }]);
  });

  it('counts each kind', () => {
    const counts = countDiff(diffValues({ a: 1, b: 2, c: 3 }, { a: 1, b: 5, d: 4 }));
    assert.deepEqual(counts, { added: 1, removed: 1, changed: 1, unchanged: 1 });
  });
});

describe('operation log diff: values as text', () => {
  it('shows JSON so strings, numbers and null are told apart; absent is empty', () => {
    assert.equal(formatDiffValue('80'), '"80"');
    assert.equal(formatDiffValue(80), '80');
    assert.equal(formatDiffValue(null), 'null');
    assert.equal(formatDiffValue([]), '[]');
    assert.equal(formatDiffValue(undefined), '');
  });
});

describe('operation log diff: paths as steps, so the dialog names each field in words (issue 19)', () => {
  it('splits fields and list positions, unquoting bracketed keys', () => {
    assert.deepEqual(pathSteps('origins[0].port'), [{ field: 'origins' }, { index: 0 }, { field: 'port' }]);
    assert.deepEqual(pathSteps('headers["X.Y"].value'), [{ field: 'headers' }, { field: 'X.Y' }, { field: 'value' }]);
    assert.deepEqual(pathSteps('[2]'), [{ index: 2 }]);
    // Every path flattenJson makes comes back as the keys it was made from.
    const paths = [...flattenJson({ 'a b': [{ c: 1 }] }).keys()];
    assert.deepEqual(pathSteps(paths[0]!), [{ field: 'a b' }, { index: 0 }, { field: 'c' }]);
  });
});
