// `node dist/make-template.js`, run by scripts/build.mjs after bundling: see db/template.ts.
import { writeTemplate } from './template.ts';

await writeTemplate();
