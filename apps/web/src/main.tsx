import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { i18nReady } from './lib/i18n';
import { captureInstallEvent } from './lib/installEvent';
import { watchStandaloneZoomLock } from './lib/standalone';
import { preferInterpretedValidation } from './lib/validation';

preferInterpretedValidation();
watchStandaloneZoomLock();
// The browser may offer installation before the app has rendered: keep the offer for the prompt.
captureInstallEvent();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lost its #root element');
const mount = root;
// The first render is a transition, so React yields to the browser every few milliseconds instead of
// holding a slow phone's main thread for the whole tree at once (a tap or a scroll is answered).
i18nReady.then(() =>
  startTransition(() =>
    createRoot(mount).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
