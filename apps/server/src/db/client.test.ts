import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { openDatabase } from './client.ts';

// Shared buffers live in PGlite's WebAssembly memory, which never shrinks: they set the server's floor.
test('the embedded database keeps its shared buffers small', async () => {
  const database = await openDatabase({ inMemory: true });
  try {
    const result = await database.db.execute(sql`show shared_buffers`);
    expect((result as unknown as { rows: { shared_buffers: string }[] }).rows[0].shared_buffers).toBe('16MB');
  } finally {
    await database.close();
  }
});
