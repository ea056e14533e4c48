// `npm run bench`: runs every suite in bench/suites and writes bench/RESULTS.md.
// Each suite measures a target next to a baseline taken in the same run on the same machine.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
  // A partial run keeps the other sections, measured on other days and perhaps other machines.
  const stamp = `_Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}._`;
  sections.push({ ...section, markdown: `${section.markdown}\n\n${stamp}` });
}

// A partial run (`npm run bench -- feed`) replaces only its own sections and keeps the others.
const resultsPath = join(root, 'bench/RESULTS.md');
const previous = new Map<string, string>();
if (only.length > 0 && existsSync(resultsPath)) {
  const parts = readFileSync(resultsPath, 'utf8').split(/^## /m).slice(1);
  for (const part of parts) {
    const newline = part.indexOf('\n');
    previous.set(part.slice(0, newline).trim(), part.slice(newline + 1).trim());
  }
}
for (const section of sections) previous.set(section.title, section.markdown);

const out = [
  '# Benchmark results',
  '',
  `Written by \`npm run bench\`; last run ${new Date().toISOString().slice(0, 10)} (${only.length ? `suites: ${only.join(', ')}` : 'all suites'}).`,
  `Machine of that run: ${machine()}. Each section written since 2026-11-26 ends with the day and machine it was measured on; one without was measured earlier (this file's history says when).`,
  '',
  ...[...previous].flatMap(([title, markdown]) => [`## ${title}`, '', markdown, '']),
].join('\n');
writeFileSync(resultsPath, out);
console.log('bench: wrote bench/RESULTS.md');
process.exit(0);
