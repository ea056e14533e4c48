// `npm run bench`: runs every suite in bench/suites and writes bench/RESULTS.md.
// Each suite measures a target next to a baseline taken in the same run on the same machine.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machine, root, type Section } from './lib.ts';

const only = process.argv.slice(2);
const dir = join(root, 'bench/suites');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const sections: Section[] = [];
for (const file of files) {
  console.log(`bench: ${file}`);
  const suite = (await import(join(dir, file))) as { run: () => Promise<Section> };
  const section = await suite.run();
  console.log(section.markdown);
  sections.push(section);
}

const out = [
  '# Benchmark results',
  '',
  `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}.`,
  `Machine: ${machine()}.`,
  '',
  ...sections.flatMap((s) => [`## ${s.title}`, '', s.markdown, '']),
].join('\n');
writeFileSync(join(root, 'bench/RESULTS.md'), out);
console.log('bench: wrote bench/RESULTS.md');
process.exit(0);
