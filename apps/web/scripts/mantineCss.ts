// Mantine's stylesheet holds the rules of every component it has (366 KB, 41 KB gzip), and it blocks
// the first paint of every page; the app uses about half of the components. Each component's rules
// hang on its own hashed classes (`m_6d731127`), which its JavaScript names in a `*.module.mjs` file,
// so the classes a build can ever put on an element are those of the components the app imports and
// of every Mantine module those import in turn. Rules naming any other class are dropped; everything
// else (variables, resets, global rules) stays. The check plugin fails the build should a class the
// bundle names lack its rules — the list of what the app uses can then never fall behind the code.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin as PostcssPlugin } from 'postcss';
import type { Plugin } from 'vite';

const CLASS = /\bm_[0-9a-f]{8}\b/g;
const CORE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g;
const RELATIVE_IMPORT = /(?:import|export)\s*(?:[^'"]*?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g;

function filesUnder(dir: string, ending: RegExp): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && ending.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The value names a file imports from '@mantine/core' (type-only names left out). */
function coreNames(source: string): string[] {
  return [...source.matchAll(CORE_IMPORT)].flatMap((match) =>
    (match[1] ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type '))
      .map((name) => name.split(/\s+as\s+/)[0] as string),
  );
}

/**
 * The Mantine classes this app can render: those of the core components imported by `srcDir` and by
 * the other Mantine packages it uses, and of every core module those reach.
 */
export function usedMantineClasses(srcDir: string): Set<string> {
  const require = createRequire(path.join(srcDir, 'index.ts'));
  const esm = path.dirname(require.resolve('@mantine/core'));
  const coreEsm = esm.endsWith('esm') ? esm : path.join(esm, '..', 'esm');
  const names = new Set(
    filesUnder(srcDir, /\.tsx?$/).flatMap((file) => coreNames(readFileSync(file, 'utf8'))),
  );
  for (const pkg of ['@mantine/notifications', '@mantine/modals']) {
    const dir = path.join(path.dirname(require.resolve(pkg)), '..', 'esm');
    for (const file of filesUnder(dir, /\.mjs$/))
      for (const name of coreNames(readFileSync(file, 'utf8'))) names.add(name);
  }
  // The barrel imports each export from its own file: `import { Button } from "./components/Button/Button.mjs"`.
  const barrel = readFileSync(path.join(coreEsm, 'index.mjs'), 'utf8');
  const queue: string[] = [];
  for (const match of barrel.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
    const exported = (match[1] ?? '').split(',').map((n) =>
      n
        .trim()
        .split(/\s+as\s+/)
        .pop(),
    );
    if (exported.some((name) => name && names.has(name))) queue.push(path.join(coreEsm, match[2] as string));
  }
  const seen = new Set<string>();
  const classes = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    if (file.endsWith('.module.mjs')) for (const name of source.match(CLASS) ?? []) classes.add(name);
    for (const match of source.matchAll(RELATIVE_IMPORT))
      queue.push(path.resolve(path.dirname(file), match[1] as string));
  }
  return classes;
}

/** `[data-mantine-color-scheme=dark]` and the like: a rule for a scheme the app never shows. */
const otherScheme = (scheme: string) =>
  new RegExp(`\\[data-mantine-color-scheme=(['"]?)(?!${scheme}\\1\\])[a-z]+\\1\\]`);

/**
 * PostCSS: drops from Mantine's core stylesheet the selectors that name a class outside `used`, and
 * from its stylesheets the selectors for a colour scheme other than `scheme` (src/app/colorScheme.ts:
 * ~24 KB of the 220 KB every page waits for, dark variables and dark variants of the components).
 */
export function trimMantineCss(used: Set<string>, scheme: string): PostcssPlugin {
  const unused = otherScheme(scheme);
  return {
    postcssPlugin: 'samaj-trim-mantine-css',
    Once(root) {
      const file = root.source?.input.file ?? '';
      if (!/@mantine[\\/][a-z]+[\\/]styles\.css$/.test(file)) return;
      const core = /@mantine[\\/]core[\\/]styles\.css$/.test(file);
      root.walkRules((rule) => {
        const kept = rule.selectors.filter(
          (selector) =>
            !unused.test(selector) && (!core || (selector.match(CLASS) ?? []).every((c) => used.has(c))),
        );
        if (kept.length === 0) rule.remove();
        else if (kept.length < rule.selectors.length) rule.selectors = kept;
      });
      root.walkAtRules((atRule) => {
        if (atRule.nodes?.length === 0) atRule.remove();
      });
    },
  };
}

/** Fails the build when the bundle names a Mantine class that no stylesheet of it styles. */
export function mantineCssCheckPlugin(): Plugin {
  return {
    name: 'samaj-mantine-css-check',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const named = new Set<string>();
      const styled = new Set<string>();
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') for (const name of file.code.match(CLASS) ?? []) named.add(name);
        else if (file.fileName.endsWith('.css'))
          for (const name of String(file.source).match(CLASS) ?? []) styled.add(name);
      }
      const missing = [...named].filter((name) => !styled.has(name));
      if (missing.length > 0)
        this.error(`Mantine classes without their rules (scripts/mantineCss.ts): ${missing.join(', ')}`);
    },
  };
}
