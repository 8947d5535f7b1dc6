/**
 * A Vue 3 partner portal embedding `<ec-plan-overview>`: `:lang` and `:api-base` bound as attributes, the token as a
 * property (`.token`), the event with `@ec-navigate`; Vue is told that `ec-*` tags are custom elements. The template
 * is compiled in the browser (Vue's full build), as a portal without a build step for its templates would.
 */
import { createApp, ref } from 'vue/dist/vue.esm-bundler.js';
import { loadPortal, otherLanguage, switchLabel } from './portal.js';

const config = await loadPortal();

const app = createApp({
  setup() {
    const lang = ref('zh-CN');
    const routes = ref([]);
    return {
      lang,
      routes,
      api: config.api,
      token: config.token,
      switchLabel,
      toggle: () => (lang.value = otherLanguage(lang.value)),
      onNavigate: (event) => {
        event.preventDefault(); // The portal routes itself.
        routes.value = [...routes.value, event.detail.route];
      },
    };
  },
  template: `
    <header>
      <h1>Vue portal</h1>
      <button id="switch-language" type="button" @click="toggle">{{ switchLabel(lang) }}</button>
    </header>
    <p id="events">{{ routes.join(' ') }}</p>
    <ec-plan-overview :lang="lang" :api-base="api" route-mode="hash" .token="token" @ec-navigate="onNavigate"></ec-plan-overview>`,
});
app.config.compilerOptions.isCustomElement = (tag) => tag.startsWith('ec-');
app.mount('#app');
