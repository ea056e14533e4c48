import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { TakenOver } from '../../components/TakenOver';
import { useCommunityName } from '../../lib/head';
import { loadNamespace } from '../../lib/i18n';
import { usePublicConfig } from '../../lib/publicConfig';
import { useKeepPushSubscription } from '../../lib/push/keepSubscription';
import { useAppStable } from '../../lib/serviceWorker';
import { useCurrentUser } from '../../lib/session';
import { BackButton } from './BackButton';
import { shellCss } from './layout';
import { NavBar } from './NavBar';
import { useScrollPosition } from './useScrollPosition';

export function Shell() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const community = useCommunityName();
  useScrollPosition();
  return (
    <>
      <style href="samaj-shell" precedence="default">
        {shellCss}
      </style>
      <a className="samaj-skip" href="#main">
        {t('skip')}
      </a>
      <div className="samaj-shell">
        <NavBar />
        <div className="samaj-column">
          <header className="samaj-header">
            {pathname !== '/' && <BackButton />}
            <Link to="/" className="samaj-brand" aria-label={t('homeLink', { name: community })}>
              <img src="/icons/logo-96.png" alt={t('logo', { name: community })} width={32} height={32} />
              <span>{community}</span>
            </Link>
          </header>
          <main id="main" className="samaj-main" tabIndex={-1}>
            <UnconfirmedEmail />
            <Outlet />
          </main>
        </div>
      </div>
      <Prompts />
    </>
  );
}

const ShellPrompts = lazy(() => import('./ShellPrompts').then((m) => ({ default: m.ShellPrompts })));

/** The shell's prompts draw nothing on a page's first screen: their code loads once the page is stable. */
function Prompts() {
  useKeepPushSubscription();
  const stable = useAppStable();
  if (!stable) return null;
  return (
    <Suspense fallback={null}>
      <ShellPrompts />
    </Suspense>
  );
}

// A member whose address is not confirmed yet (docs/product/accounts.md, "Email confirmation"): a quiet
// notice above every page, its code and words loaded only for them. Not on the page that confirms it.
const EmailNotice = lazy(async () => {
  const [module] = await Promise.all([
    import('../../features/accounts/components/EmailNotice'),
    loadNamespace('accounts'),
  ]);
  return module;
});

function UnconfirmedEmail() {
  const { user } = useCurrentUser();
  const { data: config } = usePublicConfig();
  const { pathname } = useLocation();
  const unconfirmed = user?.emailVerified === false && config?.mailEnabled && pathname !== '/confirm-email';
  if (!user || !unconfirmed) return null;
  return (
    <Suspense fallback={null}>
      <EmailNotice email={user.email} />
      <TakenOver />
    </Suspense>
  );
}
