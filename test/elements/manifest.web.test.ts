import { expect } from '@open-wc/testing';
import manifest from '../../custom-elements.json';
import { HOST_ELEMENTS, loadElement } from '../../demo/host/elements.js';

interface ManifestDeclaration {
  tagName: string;
  attributes: { name: string }[];
}

describe('custom-elements.json agrees with the registered elements (DESIGN §2)', () => {
  const declarations = manifest.modules.flatMap((module) => module.declarations as ManifestDeclaration[]);
  // The host loads each element on first visit; here every one is loaded up front, as the routes would.
  before(async () => {
    await Promise.all(HOST_ELEMENTS.map((tag) => loadElement(tag)));
  });

  it('documents every element the host ships', () => {
    const documented = declarations.map((declaration) => declaration.tagName);
    for (const tag of HOST_ELEMENTS) expect(documented, tag).to.include(tag);
  });

  for (const declaration of declarations) {
    it(`${declaration.tagName}: documented attributes are exactly the observed ones`, () => {
      const constructor = customElements.get(declaration.tagName) as (CustomElementConstructor & { observedAttributes?: string[] }) | undefined;
      expect(constructor, `${declaration.tagName} is registered`).to.not.equal(undefined);
      const observed = [...(constructor!.observedAttributes ?? [])].sort();
      const documented = declaration.attributes.map((attribute) => attribute.name).sort();
      expect(documented).to.deep.equal(observed);
    });
  }
});
