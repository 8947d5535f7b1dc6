/**
 * A React 19 partner portal embedding `<ec-plan-overview>` the way README "Typings" says: `lang` and `api-base` as
 * attributes, the token as a property (React 19 sets a prop as a property when the element has one), and the
 * element's event as `onec-navigate`, the event name as written.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { loadPortal, otherLanguage, switchLabel } from './portal.js';

const config = await loadPortal();

function Portal() {
  const [lang, setLang] = useState('zh-CN');
  const [routes, setRoutes] = useState([]);
  const onNavigate = (event) => {
    event.preventDefault(); // The portal routes itself.
    setRoutes((seen) => [...seen, event.detail.route]);
  };
  return (
    <>
      <header>
        <h1>React portal</h1>
        <button id="switch-language" type="button" onClick={() => setLang(otherLanguage)}>
          {switchLabel(lang)}
        </button>
      </header>
      <p id="events">{routes.join(' ')}</p>
      <ec-plan-overview lang={lang} api-base={config.api} route-mode="hash" token={config.token} onec-navigate={onNavigate} />
    </>
  );
}

createRoot(document.getElementById('app')).render(<Portal />);
