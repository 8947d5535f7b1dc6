/**
 * What every partner app here does before it renders (test/e2e/frameworks.e2e.ts): read its portal settings (API
 * base, the token its own sign-in obtained, where it hosts the library) and load the element's module, so the
 * element is defined before the framework first renders it and a property binding reaches the element's setter.
 * Plain JavaScript, as a partner's build would ship it; bundled by esbuild in the test.
 */
export async function loadPortal() {
  const config = await (await fetch('/portal-config.json')).json();
  // A runtime URL: the partner hosts the library next to its app, the bundler leaves this import alone.
  await import(/* webpackIgnore: true */ config.library);
  return config;
}

/** The label of the portal's own language switch: the language it switches to. */
export function switchLabel(lang) {
  return lang === 'zh-CN' ? 'English' : '中文';
}

export function otherLanguage(lang) {
  return lang === 'zh-CN' ? 'en-US' : 'zh-CN';
}
