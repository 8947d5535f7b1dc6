import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
// @ts-expect-error -- a plain .mjs build helper without types
import { manifestText } from '../../elements/custom-elements-manifest.mjs';

describe('custom-elements.json (DESIGN §2: a test fails when it disagrees with the code)', () => {
  it('the committed manifest is what the element sources generate (run `npm run build` to refresh it)', () => {
    assert.equal(readFileSync('custom-elements.json', 'utf8'), manifestText());
  });
});
