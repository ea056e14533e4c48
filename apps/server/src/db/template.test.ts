import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from './client.ts';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate.ts';
import { authSecret, user } from './schema/auth.ts';
import { copyTemplate, hasDatabase, writeTemplate } from './template.ts';

// A first start copies the build's empty database instead of running initdb (db/template.ts).
describe('the empty database the build leaves for first starts', () => {
  let scratch: string;
  let template: string;

  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'samaj-template-test-'));
    template = path.join(scratch, 'template');
    await writeTemplate(template);
  }, 120_000);

  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  test('a new DATA_DIR gets it: every migration applied, and nothing of an installation in it', async () => {
    const dataDir = path.join(scratch, 'first-start');
    fs.mkdirSync(dataDir);
    expect(copyTemplate(dataDir, template)).toBe(true);
    expect(hasDatabase(dataDir)).toBe(true);

    const database = await openDatabase({ dataDir });
    try {
      const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
      const applied = await database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect((applied as unknown as { rows: { n: number }[] }).rows[0].n).toBe(journal.entries.length);
      await migrateDatabase(database);
      // No cookie-signing key (each installation makes its own) and no members.
      expect(await database.db.select().from(authSecret)).toEqual([]);
      expect(await database.db.$count(user)).toBe(0);
    } finally {
      await database.close();
    }
  });

  test('a DATA_DIR that has a database keeps it', async () => {
    const dataDir = path.join(scratch, 'later-start');
    fs.mkdirSync(dataDir);
    copyTemplate(dataDir, template);
    const database = await openDatabase({ dataDir });
    await database.db.insert(authSecret).values({ id: 'cookie', value: 'kept' });
    await database.close();

    expect(copyTemplate(dataDir, template)).toBe(false);
    const again = await openDatabase({ dataDir });
    try {
      expect(await again.db.select().from(authSecret)).toEqual([{ id: 'cookie', value: 'kept' }]);
    } finally {
      await again.close();
    }
  });

  test('without a template nothing is laid out, and PGlite runs initdb as before', () => {
    const dataDir = path.join(scratch, 'no-template');
    fs.mkdirSync(dataDir);
    expect(copyTemplate(dataDir, path.join(scratch, 'missing'))).toBe(false);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
