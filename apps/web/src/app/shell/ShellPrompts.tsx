// The shell's popups, one at a time at the bottom of the screen (above the bottom bar on phones):
// a new version waiting for a reload, the install prompt, the notification prompt
// (docs/product/notifications.md). Their code and words load only when one is due.
import { lazy, Suspense } from 'react';
import { loadNamespace } from '../../lib/i18n';
import { useShellPrompt } from '../../lib/push/useShellPrompt';
import { useUpdateWaiting } from '../../lib/serviceWorker';
import { BOTTOM_BAR_HEIGHT, media } from './layout';

const ShellPrompt = lazy(async () => {
  const [module] = await Promise.all([
    import('../../features/push/components/ShellPrompt'),
    loadNamespace('push'),
  ]);
  return module;
});

const UpdatePrompt = lazy(() => import('./UpdatePrompt'));

const promptCss = `
.samaj-prompt { position: fixed; z-index: 300; right: 24px; bottom: 24px; width: min(400px, calc(100vw - 48px)); }
@media ${media.narrow} {
  .samaj-prompt { left: 8px; right: 8px; width: auto; bottom: calc(${BOTTOM_BAR_HEIGHT + 8}px + env(safe-area-inset-bottom)); }
}
`;

export function ShellPrompts() {
  const updateWaiting = useUpdateWaiting();
  const { kind, close } = useShellPrompt();
  if (!updateWaiting && !kind) return null;
  return (
    <div className="samaj-prompt">
      <style href="samaj-prompt" precedence="default">
        {promptCss}
      </style>
      <Suspense fallback={null}>
        {updateWaiting ? (
          <UpdatePrompt />
        ) : kind ? (
          <ShellPrompt key={kind} kind={kind} onClose={() => close(kind)} />
        ) : null}
      </Suspense>
    </div>
  );
}
