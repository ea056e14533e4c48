import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// Drawn in place of the whole shell, so it brings its own few rules; plain elements rather than
// Mantine's Button and layout components, which would otherwise ride in every page's first load.
const css = `
.samaj-crash { min-height: 60vh; display: flex; flex-direction: column; align-items: center; justify-content: center;
  gap: var(--mantine-spacing-sm); padding: var(--mantine-spacing-md); text-align: center; }
.samaj-crash h1 { margin: 0; font-size: var(--mantine-h2-font-size); line-height: var(--mantine-h2-line-height); }
.samaj-crash p { margin: 0; color: var(--mantine-color-dimmed); }
.samaj-crash button { height: 36px; padding: 0 18px; border: 0; border-radius: var(--mantine-radius-md); cursor: pointer;
  font: inherit; font-weight: 600; background: var(--mantine-primary-color-filled); color: var(--mantine-color-white); }
.samaj-crash button:hover { background: var(--mantine-primary-color-filled-hover); }
`;

// Reached when rendering a route throws — most often a page chunk that vanished after a
// deploy, which a reload fixes; so the way out offered is a reload.
export function RouteError() {
  // The shell's own texts: a crash may come from a file that could not be fetched, so nothing is fetched here.
  const { t } = useTranslation('shell');
  return (
    <div className="samaj-crash" role="alert">
      <style href="samaj-crash" precedence="default">
        {css}
      </style>
      <h1>{t('crash.title')}</h1>
      <p>{t('crash.message')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('crash.reload')}
      </button>
    </div>
  );
}

interface BoundaryProps {
  /** A new value (the next page's path) clears the error. */
  resetKey: string;
  children: ReactNode;
}

/** Catches what a page throws while rendering and shows RouteError in its place. */
export class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromProps(props: BoundaryProps, state: { failed: boolean; key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
