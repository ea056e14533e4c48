// zod compiles its parsers with `new Function` when it may; to find out it tries once, which the CSP
// (script-src 'self') refuses and the browser reports as a violation on every page that validates.
// The interpreted parsers are plenty for forms. zod keeps its settings on this global so that every
// copy of it agrees; setting it here, rather than through `config()` from 'zod', keeps zod itself
// out of the first load.
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

export function preferInterpretedValidation(): void {
  const scope = globalThis as ZodGlobal;
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.jitless = true;
}
