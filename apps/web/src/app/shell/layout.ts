// The shell's responsive rules, generated from core's breakpoints so the numbers live in one
// place (docs/product/shell.md, "Navigation"). Media queries cannot read CSS variables, hence a generated
// stylesheet.
import { BREAKPOINT_NARROW, BREAKPOINT_WIDE, MAIN_MAX_WIDTH, SIDEBAR_MIN_WIDTH } from '@samaj/core';

/** Bottom bar at ≤ NARROW, icon rail between, labelled sidebar above WIDE (exclusive bounds as the spec says). */
export const media = {
  narrow: `(max-width: ${BREAKPOINT_NARROW}px)`,
  rail: `(min-width: ${BREAKPOINT_NARROW + 0.02}px) and (max-width: ${BREAKPOINT_WIDE}px)`,
  wide: `(min-width: ${BREAKPOINT_WIDE + 0.02}px)`,
} as const;

export const RAIL_WIDTH = 76;
export const BOTTOM_BAR_HEIGHT = 60;
export const HEADER_HEIGHT = 56;
/** The navigation (sidebar, rail or bottom bar) stays above the page; dialogs go above it (theme.ts). */
export const NAV_Z_INDEX = 210;

export const shellCss = `
html { scroll-padding-top: ${HEADER_HEIGHT + 8}px; }
@media (prefers-reduced-motion: no-preference) { html { scroll-behavior: smooth; } }
body { overflow-x: hidden; }
.samaj-sr-only {
  position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap;
}
.samaj-skip {
  position: absolute; left: 8px; top: -100px; z-index: 400; padding: 8px 16px;
  background: var(--mantine-color-body); color: var(--mantine-color-text);
  border: 2px solid var(--mantine-primary-color-filled); border-radius: var(--mantine-radius-md);
}
.samaj-skip:focus { top: 8px; }
.samaj-strip { overflow-x: auto; scrollbar-width: none; overscroll-behavior-x: contain; }
.samaj-strip::-webkit-scrollbar { display: none; }
html[data-rendered='server']:not([data-taken-over]) #root :is(button, label, [role='button'], input[type='radio'], input[type='checkbox']) {
  pointer-events: none;
}
.samaj-shell { display: flex; min-height: 100vh; min-height: 100dvh; }
.samaj-column { flex: 1 1 auto; min-width: 0; display: flex; flex-direction: column; }
.samaj-header {
  position: sticky; top: 0; z-index: 200; height: ${HEADER_HEIGHT}px;
  display: flex; align-items: center; gap: 8px; padding: 0 12px;
  padding-top: env(safe-area-inset-top);
  background: var(--mantine-color-body); border-bottom: 1px solid var(--mantine-color-gray-3);
}
.samaj-back {
  display: flex; align-items: center; justify-content: center; flex: none; width: 34px; height: 34px;
  padding: 0; border: 0; border-radius: var(--mantine-radius-md); cursor: pointer;
  background: transparent; color: var(--mantine-color-gray-7);
}
.samaj-back:hover { background: var(--mantine-color-gray-1); }
.samaj-back:active { transform: translateY(1px); }
.samaj-brand {
  display: flex; align-items: center; gap: 8px; min-width: 0;
  color: inherit; text-decoration: none; font-weight: 600;
}
.samaj-brand img { width: 32px; height: 32px; flex: none; }
.samaj-brand span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.samaj-main {
  width: 100%; max-width: ${MAIN_MAX_WIDTH}px; margin: 0 auto; padding: 16px;
  flex: 1 0 auto; display: flex; flex-direction: column;
}
.samaj-main:focus { outline: none; }
.samaj-nav { background: var(--mantine-color-body); z-index: ${NAV_Z_INDEX}; }
.samaj-nav ul { list-style: none; margin: 0; padding: 0; display: flex; }
.samaj-nav a {
  position: relative; display: flex; align-items: center; gap: 14px; color: var(--mantine-color-text);
  text-decoration: none; border-radius: var(--mantine-radius-md); min-width: 0;
}
.samaj-nav a:hover { background: var(--mantine-color-gray-1); }
.samaj-nav a[aria-current='page'] { color: var(--mantine-primary-color-filled); font-weight: 600; }
.samaj-nav a:focus-visible, .samaj-header a:focus-visible, .samaj-header button:focus-visible {
  outline: 2px solid var(--mantine-primary-color-filled); outline-offset: 2px;
}
.samaj-nav-label { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }

@media ${media.wide} {
  .samaj-nav {
    position: sticky; top: 0; align-self: flex-start; height: 100vh; height: 100dvh;
    flex: 0 0 auto; width: 20vw; min-width: ${SIDEBAR_MIN_WIDTH}px; max-width: 320px;
    border-right: 1px solid var(--mantine-color-gray-3); padding: ${HEADER_HEIGHT + 12}px 12px 12px;
  }
  .samaj-nav ul { flex-direction: column; gap: 4px; }
  .samaj-nav a { padding: 12px 14px; font-size: var(--mantine-font-size-lg); }
}

@media ${media.rail} {
  .samaj-nav {
    position: sticky; top: 0; align-self: flex-start; height: 100vh; height: 100dvh;
    flex: 0 0 ${RAIL_WIDTH}px; width: ${RAIL_WIDTH}px;
    border-right: 1px solid var(--mantine-color-gray-3); padding: ${HEADER_HEIGHT + 12}px 8px 8px;
  }
  .samaj-nav ul { flex-direction: column; align-items: center; gap: 6px; }
  .samaj-nav a { justify-content: center; width: 52px; height: 52px; }
  /* Icon only: the label stays for screen readers and shows as a tooltip on hover or focus. */
  .samaj-nav-label {
    position: absolute; left: calc(100% + 10px); top: 50%; transform: translateY(-50%);
    padding: 4px 10px; border-radius: var(--mantine-radius-sm); font-size: var(--mantine-font-size-sm);
    background: var(--mantine-color-dark-6); color: var(--mantine-color-white); font-weight: 400;
    max-width: 220px; pointer-events: none; opacity: 0; clip-path: inset(50%);
  }
  .samaj-nav a:hover .samaj-nav-label, .samaj-nav a:focus-visible .samaj-nav-label { opacity: 1; clip-path: none; }
}

@media ${media.narrow} {
  .samaj-shell { flex-direction: column; }
  .samaj-nav {
    position: fixed; left: 0; right: 0; bottom: 0; order: 2;
    height: calc(${BOTTOM_BAR_HEIGHT}px + env(safe-area-inset-bottom));
    padding-bottom: env(safe-area-inset-bottom); border-top: 1px solid var(--mantine-color-gray-3);
  }
  .samaj-nav ul { height: ${BOTTOM_BAR_HEIGHT}px; }
  .samaj-nav li { flex: 1 1 0; min-width: 0; }
  .samaj-nav a {
    flex-direction: column; justify-content: center; gap: 2px; height: 100%;
    font-size: var(--mantine-font-size-xs); border-radius: 0; padding: 0 4px;
  }
  .samaj-nav-label { max-width: 100%; }
  .samaj-main { padding: 12px 12px calc(${BOTTOM_BAR_HEIGHT + 16}px + env(safe-area-inset-bottom)); }
}
`;
