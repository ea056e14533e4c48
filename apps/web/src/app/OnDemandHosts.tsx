// Notifications and modals are rare on a first visit, yet their hosts (transitions, focus trap,
// scroll lock, portals) are a sizeable part of Mantine. They are therefore downloaded the first
// time something is shown, which keeps them out of the JavaScript loaded for `/`.
import { useNotifications } from '@samaj/notifications-store';
import { lazy, Suspense, useEffect, useState } from 'react';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

export function NotificationsHost() {
  const state = useNotifications();
  const [needed, setNeeded] = useState(false);
  const pending = state.notifications.length + state.queue.length > 0;
  useEffect(() => {
    if (pending) setNeeded(true);
  }, [pending]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-center" zIndex={1000} />
    </Suspense>
  );
}

// `modals.open…()` from @mantine/modals talks to its provider through window events; the
// events that arrive before the provider is loaded are kept and replayed once it listens.
const MODAL_EVENTS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
].map((name) => `mantine-modals:${name}`);

const ModalsProvider = lazy(() => import('@mantine/modals').then((m) => ({ default: m.ModalsProvider })));

function Replay({ events }: { events: CustomEvent[] }) {
  useEffect(() => {
    // The provider subscribes in its own effect, which runs after this child's: wait a tick.
    const timer = setTimeout(() => {
      for (const event of events.splice(0))
        window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
    }, 0);
    return () => clearTimeout(timer);
  }, [events]);
  return null;
}

export function ModalsHost() {
  const [queue] = useState<CustomEvent[]>(() => []);
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (needed) return;
    const onEvent = (event: Event) => {
      queue.push(event as CustomEvent);
      setNeeded(true);
    };
    for (const name of MODAL_EVENTS) window.addEventListener(name, onEvent);
    return () => {
      for (const name of MODAL_EVENTS) window.removeEventListener(name, onEvent);
    };
  }, [needed, queue]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ModalsProvider>
        <Replay events={queue} />
      </ModalsProvider>
    </Suspense>
  );
}
