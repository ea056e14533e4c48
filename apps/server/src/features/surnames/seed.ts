import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { surnameRecordSchema } from '@samaj/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { surname } from '../../db/schema/index.ts';

/** ~100 surnames common in Gujarati-speaking communities, shipped with the server. */
export const SEED_FILE = fileURLToPath(new URL('../../../data/surnames.json', import.meta.url));

/**
 * First start: fill an empty surname table from the seed file. Once the table has any row it is
 * the operator's (and the members'), so nothing is added again, even after deletions.
 * Returns how many surnames were inserted.
 */
export async function seedSurnames(db: Database, file: string = SEED_FILE): Promise<number> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(surname);
  if (count > 0) return 0;
  const records = (JSON.parse(fs.readFileSync(file, 'utf8')) as unknown[]).map((raw) =>
    surnameRecordSchema.parse(raw),
  );
  const rows = records.map((record) => ({
    id: record.name,
    name: record.name,
    name_guj: record.name_guj,
    pronounce: record.pronounce ?? '',
    gotra: record.gotra ?? '',
    gam: record.gam ?? '',
    kuldevta: record.kuldevta ?? '',
    description: record.description ?? '',
  }));
  // A concurrent first start (two app servers on one PostgreSQL) must not fail on duplicates.
  const inserted = await db.insert(surname).values(rows).onConflictDoNothing().returning({ id: surname.id });
  return inserted.length;
}
