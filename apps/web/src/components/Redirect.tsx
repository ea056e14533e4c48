// A page that sends the reader elsewhere (a member opening /login, /profile to their own): in the
// browser React Router's <Navigate>; in the server's render (entry-server.tsx) the page is answered with
// a redirect instead, so the reader never sees the page they were sent away from.
import { createContext, useContext } from 'react';
import { Navigate, type NavigateProps, useHref } from 'react-router';

/** Provided by the server's render only: takes the address a page redirects to. */
export const RedirectTaker = createContext<((href: string) => void) | null>(null);

export function Redirect(props: NavigateProps) {
  const take = useContext(RedirectTaker);
  const href = useHref(props.to);
  if (take) {
    take(href);
    return null;
  }
  return <Navigate {...props} />;
}
