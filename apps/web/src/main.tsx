import { SERVER_RENDER_ID } from '@samaj/core';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { HydrationState } from 'react-router';
import { App, createAppRouter } from './app/App';
import { createQueryClient } from './app/queryClient';
import { i18n, i18nReady, keepEarlierChoice } from './lib/i18n';
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
// Rendered by the server with React (entry-server.tsx), in the reader's language, with its data; the
// service worker's shell (offline) and a page the server could not render arrive empty.
const serverRendered = document.documentElement.dataset.rendered === 'server';

/** What the server's render sends: its query cache, its time, its router's state (loaders already run). */
interface ServerRender {
  state: DehydratedState;
  renderedAt: number;
  router?: HydrationState;
}

/** The server's render, read once and removed (it describes that moment). */
function takeServerRender(): ServerRender | null {
  const element = document.getElementById(SERVER_RENDER_ID);
  element?.remove();
  try {
    return element ? (JSON.parse(element.textContent ?? '') as ServerRender) : null;
  } catch {
    return null;
  }
}

/**
 * Resolves in a task of its own: the page's scripts are evaluated in one task, and on a slow phone
 * that task with the server's data and the hydration's start behind it held the main thread ~130 ms
 * (4× CPU); a tap may be answered in between. `scheduler.yield` where the browser has it.
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

i18nReady
  .then(nextTask)
  .then(() => {
    // The first translation builds i18next's and the browser's language machinery (plural rules for
    // Gujarati): ~25 ms at 4× CPU, which otherwise lands inside the shell's first render, a piece
    // React cannot cut (CPU profile of /surnames). In a task of its own, before the hydration starts.
    i18n.t('appName');
    return nextTask();
  })
  .then(() => {
    // Before React, both: see App.
    const client = createQueryClient();
    const rendered = serverRendered ? takeServerRender() : null;
    if (rendered) hydrate(client, rendered.state);
    const router = createAppRouter(client, rendered?.router);
    const app = (
      <StrictMode>
        <App client={client} router={router} renderedAt={rendered?.renderedAt ?? null} />
      </StrictMode>
    );
    // Either way the first render is a transition, so React yields to the browser every few milliseconds
    // instead of holding a slow phone's main thread for the whole tree at once (a tap or a scroll is answered).
    if (rendered) {
      startTransition(() => {
        hydrateRoot(mount, app);
      });
      keepEarlierChoice();
      return;
    }
    startTransition(() => createRoot(mount).render(app));
  });
