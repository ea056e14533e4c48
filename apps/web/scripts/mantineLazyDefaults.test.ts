import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyMantineDefaults } from './mantineLazyDefaults';

const require = createRequire(import.meta.url);
const installed = path.join(
  path.dirname(require.resolve('@mantine/core')),
  '..',
  'esm/core/MantineProvider/MantineCssVariables/remove-default-variables.mjs',
);

describe('lazyMantineDefaults', () => {
  it("finds the installed Mantine's eager line and leaves nothing worked out at import", () => {
    const code = lazyMantineDefaults(readFileSync(installed, 'utf8'));
    expect(code).not.toContain('const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);');
    expect(code).toContain('defaultCssVariablesCache ??= defaultCssVariablesResolver(DEFAULT_THEME)');
    // What the function reads is unchanged: `defaultCssVariables.variables[key]` and the like.
    expect(code).toContain('defaultCssVariables.variables[key]');
  });

  it('fails loudly on a Mantine that no longer has the line', () => {
    expect(() => lazyMantineDefaults('export const x = 1;')).toThrow(/Mantine changed/);
  });
});
