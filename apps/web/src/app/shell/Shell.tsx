import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useCommunityName } from '../../lib/head';
import { BackButton } from './BackButton';
import { shellCss } from './layout';
import { NavBar } from './NavBar';
import { ShellPrompts } from './ShellPrompts';
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
            <Outlet />
          </main>
        </div>
      </div>
      <ShellPrompts />
    </>
  );
}
