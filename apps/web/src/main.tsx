import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { i18nReady } from './lib/i18n';
import { captureInstallEvent } from './lib/installEvent';
import { watchStandaloneZoomLock } from './lib/standalone';

watchStandaloneZoomLock();
// The browser may offer installation before the app has rendered: keep the offer for the prompt.
captureInstallEvent();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lost its #root element');
const mount = root;
i18nReady.then(() =>
  createRoot(mount).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
