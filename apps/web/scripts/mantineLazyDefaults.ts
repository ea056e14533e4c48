// Mantine works out its default theme's ~350 CSS variables as soon as its provider's module is imported
// (remove-default-variables.mjs), to leave them out of the <style> MantineProvider draws. The app draws
// no such <style> (its theme's variables are a stylesheet: scripts/themeCss.tsx), so that work is only
// ever spent in the first task of every page load — the longest one, on a cheap phone tens of ms in
// a cold interpreter (CPU profile of the page's module evaluation at 4×). The build makes it lazy: done
// at the first call, which the app never makes. A Mantine release that changes the line fails the build
// here rather than silently dropping the change.
import type { Plugin } from 'vite';

const MODULE =
  /@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]remove-default-variables\.mjs$/;
const EAGER = 'const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);';
const LAZY =
  'let defaultCssVariablesCache;\n' +
  'const defaultCssVariables = { get variables() { return defaults().variables; }, get light() { return defaults().light; }, get dark() { return defaults().dark; } };\n' +
  'function defaults() { return (defaultCssVariablesCache ??= defaultCssVariablesResolver(DEFAULT_THEME)); }';

export function lazyMantineDefaults(code: string): string {
  if (!code.includes(EAGER)) {
    throw new Error(
      'scripts/mantineLazyDefaults.ts: Mantine changed remove-default-variables.mjs; check whether the default CSS variables are still worked out at import, and update or drop this plugin',
    );
  }
  return code.replace(EAGER, LAZY);
}

export function mantineLazyDefaultsPlugin(): Plugin {
  return {
    name: 'samaj-mantine-lazy-defaults',
    enforce: 'pre',
    transform(code, id) {
      if (!MODULE.test(id)) return null;
      return { code: lazyMantineDefaults(code), map: null };
    },
  };
}
