/**
 * The theme trimming step of the build (elements/theme-trim.mjs; issue "every page loads only what it shows"): rules
 * of components the console never renders are dropped, everything else is kept as it was.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
// @ts-expect-error -- a plain .mjs build helper without types
import { trimTheme, usedComponents } from '../../elements/theme-trim.mjs';

describe('PrimeReact theme trimmed to the components the console renders', () => {
  it('drops the selectors of unused components, keeps shared rules, selector lists, media and keyframes', () => {
    const css =
      ':root{--primary:#2563eb}' +
      '.p-component{font-size:1rem}' +
      '.p-datepicker table{margin:0}' +
      '.p-calendar .p-inputtext,.p-dropdown .p-inputtext{border:0}' +
      '.p-galleria-item-nav:not(.p-disabled,.p-hidden){opacity:1}' +
      '@media screen and (max-width:640px){.p-datepicker{width:100%}.p-dialog{width:95vw}}' +
      '@media print{.p-galleria{display:none}}' +
      '@keyframes p-fadein{0%{opacity:0}to{opacity:1}}';
    assert.equal(
      trimTheme(css, ['calendar', 'galleria']),
      ':root{--primary:#2563eb}' +
        '.p-component{font-size:1rem}' +
        '.p-dropdown .p-inputtext{border:0}' +
        '@media screen and (max-width:640px){.p-dialog{width:95vw}}' +
        '@keyframes p-fadein{0%{opacity:0}to{opacity:1}}',
    );
  });

  it('a class root matches whole class names only (p-chip is not p-chips, p-tree is not p-treetable)', () => {
    assert.equal(trimTheme('.p-chips{a:b}.p-chip-text{c:d}.p-treetable{e:f}', ['chip', 'tree']), '.p-chips{a:b}.p-treetable{e:f}');
  });

  it("finds what the console renders through primereact's own imports (a DataTable brings its Paginator and Dropdown)", () => {
    const { used, unused } = usedComponents(['core', 'elements', 'demo/host']);
    for (const component of ['datatable', 'paginator', 'dropdown', 'dialog', 'toast', 'confirmpopup', 'inputnumber', 'badge']) {
      assert.ok(used.has(component), component);
    }
    for (const component of ['calendar', 'galleria', 'editor', 'tree']) assert.ok(unused.includes(component), component);
  });
});
