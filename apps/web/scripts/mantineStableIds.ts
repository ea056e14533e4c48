// Mantine's useId (@mantine/hooks use-id.mjs) starts from React's useId — the same on the server and
// in the browser — and then, in a layout effect after the first commit, swaps it for a random id. On
// a server-rendered page that effect sets state in every input, checkbox and popover at once, and a
// state update from a layout effect is synchronous: React re-renders all of them inside the
// hydration's commit, a task it cannot slice (CPU profile of /events/create as a Publisher at 4×:
// ~70 ms of one ~250 ms long task; a form page's Total Blocking Time). The random id only mattered
// before React had useId; React's id is unique within the app's one root. The build keeps React's id.
// A Mantine release that changes the hook fails the build here rather than silently dropping this.
import type { Plugin } from 'vite';

const MODULE = /@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
const SWAP =
  /\tuseIsomorphicEffect\(\(\) => \{\n\t\tif \(hasInitializedRef\.current\) return;\n\t\thasInitializedRef\.current = true;\n\t\tsetUuid\(randomId\(\)\);\n\t\}, \[\]\);\n/;

export function stableMantineIds(code: string): string {
  if (!SWAP.test(code)) {
    throw new Error(
      'scripts/mantineStableIds.ts: Mantine changed use-id.mjs; check whether useId still swaps its id for a random one after mounting, and update or drop this plugin',
    );
  }
  return code.replace(SWAP, '');
}

export function mantineStableIdsPlugin(): Plugin {
  return {
    name: 'samaj-mantine-stable-ids',
    enforce: 'pre',
    transform(code, id) {
      if (!MODULE.test(id)) return null;
      return { code: stableMantineIds(code), map: null };
    },
  };
}
