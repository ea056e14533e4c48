import { hasLabel } from '@samaj/core';
import { IconHome, IconLayoutGrid, IconLogin2, IconShieldCheck, IconUserCircle } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useCurrentUser } from '../../lib/session';

interface Entry {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;
  end?: boolean;
  testId: string;
}

/** Home, Tools, (Admin for staff), then Login or the member's own profile — always last. */
export function NavBar() {
  const { t } = useTranslation('shell');
  const { user } = useCurrentUser();
  const entries: Entry[] = [
    { to: '/posts', label: t('nav.home'), icon: IconHome, testId: 'nav-home' },
    { to: '/', label: t('nav.tools'), icon: IconLayoutGrid, end: true, testId: 'nav-tools' },
  ];
  if (user && hasLabel(user.labels, 'Admin')) {
    entries.push({ to: '/admin', label: t('nav.admin'), icon: IconShieldCheck, testId: 'nav-admin' });
  }
  if (user) {
    entries.push({
      to: user.id ? `/profile/${encodeURIComponent(user.id)}` : '/profile',
      label: user.name || t('nav.profile'),
      icon: IconUserCircle,
      testId: 'nav-profile',
    });
  } else if (user === null) {
    entries.push({ to: '/login', label: t('nav.login'), icon: IconLogin2, testId: 'nav-login' });
  }
  return (
    <nav className="samaj-nav" aria-label={t('nav.label')}>
      <ul>
        {entries.map(({ to, label, icon: Icon, end, testId }) => (
          <li key={testId}>
            <NavLink to={to} end={end} data-testid={testId}>
              <Icon size={26} stroke={1.7} aria-hidden />
              <span className="samaj-nav-label">{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
