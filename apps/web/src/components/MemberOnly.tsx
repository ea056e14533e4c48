import type { AccountView } from '@samaj/core';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../lib/session';
import { CardSkeletons } from './CardSkeletons';
import { LoginPrompt, type LoginPromptProps } from './LoginPrompt';

interface MemberOnlyProps extends LoginPromptProps {
  children: (user: AccountView) => ReactNode;
  /** Shown while we do not yet know who is looking. */
  loading?: ReactNode;
}

/** Member-only content: a skeleton while the session is checked, the login card for visitors. */
export function MemberOnly({ children, loading, ...prompt }: MemberOnlyProps) {
  const { user } = useCurrentUser();
  if (user === undefined) return <>{loading ?? <CardSkeletons count={2} />}</>;
  if (user === null) return <LoginPrompt {...prompt} />;
  return <>{children(user)}</>;
}
