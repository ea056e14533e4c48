// The app is light only: its colours were chosen and checked for contrast (axe, e2e) on light
// backgrounds, and index.html sets the scheme on <html> so a page drawn before the app runs has its
// colours. The build drops Mantine's rules for the other scheme from the stylesheet every page waits
// for (scripts/mantineCss.ts), so Mantine is told never to switch. No imports: Vite's config reads it.
export const COLOR_SCHEME = 'light' as const;
