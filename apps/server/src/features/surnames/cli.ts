import fs from 'node:fs';
import path from 'node:path';
import { type Command, CommandError } from '../../platform/command.ts';
import { formatImportResult, importSurnames, readSurnameFile } from './import.ts';

export const importSurnamesCommand: Command = {
  name: 'import-surnames',
  usage: '<file.json|file.csv>',
  summary:
    'Add or update surnames by name (fields: name, name_guj, pronounce, gotra, gam, kuldevta, description). ' +
    'Empty fields keep the current value. Nothing is written unless every record is valid.',
  async run(args, context) {
    const [file] = args;
    if (!file) throw new CommandError('Usage: npm run cli -- import-surnames <file.json|file.csv>');
    const resolved = path.resolve(file);
    if (!fs.existsSync(resolved)) throw new CommandError(`File not found: ${resolved}`);
    const records = readSurnameFile(resolved);
    const result = await context.withDatabase((db) => importSurnames(db, records));
    context.out(formatImportResult(result));
  },
};
