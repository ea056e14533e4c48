import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestDatabase, engines, openTestDatabase, tempDir, tempFile } from '../../../test/harness.ts';
import { runCli } from '../../cli.ts';
import type { OpenDatabase } from '../../db/client.ts';
import { surname } from '../../db/schema/index.ts';
import { formatImportResult, ImportError, importSurnames, readSurnameFile } from './import.ts';
import { seedSurnames } from './seed.ts';

const GUJARATI = /^[\u0A80-\u0AFF]+$/;

for (const engine of engines()) {
  describe(`surname seed and import [${engine}]`, () => {
    let database: OpenDatabase;
    beforeAll(async () => {
      database = await openTestDatabase(engine);
    });
    afterAll(() => closeTestDatabase(database));

    it('seeds about 100 surnames with Gujarati names once, and never again', async () => {
      const inserted = await seedSurnames(database.db);
      expect(inserted).toBeGreaterThanOrEqual(95);
      const [patel] = await database.db.select().from(surname).where(eq(surname.id, 'Patel'));
      expect(patel.name_guj).toBe('પટેલ');
      const rows = await database.db.select().from(surname);
      for (const row of rows) expect(row.name_guj, row.name).toMatch(GUJARATI);

      await database.db.delete(surname).where(eq(surname.id, 'Shah'));
      expect(await seedSurnames(database.db)).toBe(0);
      const [{ count }] = await database.db.select({ count: sql<number>`count(*)::int` }).from(surname);
      expect(count).toBe(inserted - 1);
    });

    it('imports idempotently and reports what changed', async () => {
      const file = tempFile(
        'surnames.csv',
        'name,name_guj,gam,description\nShah,શાહ,,\nPatel,પટેલ,Vadnagar,"<p>Farmers, <script>x</script>leaders</p>"\nNewname,ન્યુ,,\n',
      );
      const first = await importSurnames(database.db, readSurnameFile(file));
      expect(first).toEqual({ inserted: 2, updated: 1, unchanged: 0 });
      const [patel] = await database.db.select().from(surname).where(eq(surname.id, 'Patel'));
      expect(patel.gam).toBe('Vadnagar');
      expect(patel.description).toBe('<p>Farmers, leaders</p>');

      const second = await importSurnames(database.db, readSurnameFile(file));
      expect(second).toEqual({ inserted: 0, updated: 0, unchanged: 3 });
      expect(formatImportResult(second)).toContain('Imported 0 new, updated 0, unchanged 3');
    });

    it('reads quoted commas, quotes and line breaks, and names the line a record starts on', async () => {
      const file = tempFile(
        'multi.csv',
        'name,name_guj,description\r\nCsvone,એક,"<p>one,\ntwo ""2""</p>"\r\n\r\nCsvtwo,,\n',
      );
      const records = readSurnameFile(file);
      expect(records).toEqual([
        { line: 2, raw: { name: 'Csvone', name_guj: 'એક', description: '<p>one,\ntwo "2"</p>' } },
        { line: 5, raw: { name: 'Csvtwo', name_guj: '', description: '' } },
      ]);
      await expect(importSurnames(database.db, records)).rejects.toThrow(
        new ImportError('line 5: name_guj is required'),
      );
    });

    it('refuses a CSV whose quote is never closed, naming the line it opens on, and imports nothing', async () => {
      const file = tempFile(
        'unclosed.csv',
        'name,name_guj,description\nCsvthree,ત્રણ,ok\nCsvfour,ચાર,"never closed\nCsvfive,પાંચ,x\nCsvsix,છ,y\n',
      );
      expect(() => readSurnameFile(file)).toThrow(
        new ImportError('line 3: a quoted field opened in this record is never closed'),
      );
      expect(await database.db.select().from(surname).where(eq(surname.id, 'Csvthree'))).toHaveLength(0);
    });

    it('refuses a stray quote or a row with the wrong number of fields instead of merging cells', async () => {
      const file = tempFile('stray.csv', 'name,name_guj,gam\nCsvseven,સાત,ok\nCsv"eight,આઠ,x\n');
      expect(() => readSurnameFile(file)).toThrow(/^line 3: stray quote/);
      fs.writeFileSync(file, 'name,name_guj,gam\nCsvseven,સાત,ok\n"Csvnine,નવ",x\n');
      expect(() => readSurnameFile(file)).toThrow(
        new ImportError('line 3: 2 fields where the header names 3'),
      );
      fs.writeFileSync(file, 'name,name_guj,gam\nCsvseven,સાત,ok,extra\n');
      expect(() => readSurnameFile(file)).toThrow(/^line 2: /);
    });

    it('rejects a file with a bad record, naming the line, and imports nothing', async () => {
      const file = tempFile(
        'bad.json',
        '[\n  {"name": "Aaaone", "name_guj": "એક"},\n  {"name": "Aaatwo", "name_guj": "બે"},\n\n  {\n    "name": "Aaathree"\n  }\n]\n',
      );
      await expect(importSurnames(database.db, readSurnameFile(file))).rejects.toThrow(
        new ImportError('line 5: name_guj is required'),
      );
      const rows = await database.db.select().from(surname).where(eq(surname.id, 'Aaaone'));
      expect(rows).toHaveLength(0);
    });
  });
}

describe('npm run cli -- import-surnames', () => {
  it('imports into DATA_DIR, says nothing changed the second time, and fails clearly on a bad line', async () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, 'in.json');
    fs.writeFileSync(file, JSON.stringify([{ name: 'Koradiya', name_guj: 'કોરડિયા' }]));
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(`ERR ${l}`) };
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    expect(await runCli(['import-surnames', file], env, io)).toBe(0);
    expect(await runCli(['import-surnames', file], env, io)).toBe(0);
    expect(out).toEqual([
      'Imported 1 new, updated 0, unchanged 0',
      'Imported 0 new, updated 0, unchanged 1 (nothing to change)',
    ]);

    fs.writeFileSync(file, '[\n{"name": "Ok", "name_guj": "ઓકે"},\n{"name": "Bad"}\n]');
    out.length = 0;
    expect(await runCli(['import-surnames', file], env, io)).toBe(1);
    expect(out).toEqual(['ERR line 3: name_guj is required']);
  });

  it('refuses while a server holds the DATA_DIR', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(
      path.join(dataDir, 'samaj.lock'),
      JSON.stringify({ pid: process.ppid, startedAt: new Date().toISOString(), holder: 'server' }),
    );
    const file = path.join(dataDir, 'in.json');
    fs.writeFileSync(file, JSON.stringify([{ name: 'Koradiya', name_guj: 'કોરડિયા' }]));
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) };
    expect(await runCli(['import-surnames', file], { DATA_DIR: dataDir }, io)).toBe(1);
    expect(out).toEqual([
      `Another Samaj server (pid ${process.ppid}) is using DATA_DIR ${dataDir}. Stop it first, or run this command through it.`,
    ]);
  });
});
