import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stableMantineIds } from './mantineStableIds';

const require = createRequire(import.meta.url);
const installed = path.join(path.dirname(require.resolve('@mantine/hooks')), '..', 'esm/use-id/use-id.mjs');

describe('stableMantineIds', () => {
  it("finds the installed Mantine's swap and keeps React's id", () => {
    const code = stableMantineIds(readFileSync(installed, 'utf8'));
    expect(code).not.toContain('setUuid(randomId())');
    // The id every render returns is still the one built from React's useId, as on the server.
    expect(code).toContain('const reactId = useId();');
    expect(code).toMatch(/return uuid;/);
  });

  it('fails loudly on a Mantine whose hook changed', () => {
    expect(() => stableMantineIds('export const useId = () => "x";')).toThrow(/Mantine changed/);
  });
});
