// A pg-boss query the queue did not run (stopping, the database closing) must still be an answer its
// caller can read: its commands read a count from the first row, unawaited in its worker loop.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { nothingDone } from './index.ts';

const require = createRequire(import.meta.url);
const plans = require('pg-boss/src/plans.js') as Record<string, (schema: string) => string>;
const Manager = require('pg-boss/src/manager.js') as {
  prototype: { mapCommandResponse(ids: string[], result: unknown): { affected: number } };
};

describe('a pg-boss query the queue did not run', () => {
  it("answers pg-boss's commands with a count of nothing done, as pg-boss reads it", () => {
    for (const command of ['completeJobs', 'failJobsById', 'cancelJobs', 'resumeJobs', 'deleteJobs']) {
      const text = plans[command]?.('pgboss');
      expect(text, command).toBeTypeOf('string');
      const answer = nothingDone(text as string);
      expect(Manager.prototype.mapCommandResponse(['a'], answer).affected, command).toBe(0);
    }
  });

  it('answers any other query with no rows (no job fetched, nothing counted twice)', () => {
    expect(
      nothingDone(
        'WITH next AS (SELECT id FROM pgboss.job LIMIT 1) UPDATE pgboss.job SET state = $1 RETURNING *',
      ),
    ).toEqual({ rows: [] });
    expect(nothingDone('SELECT count(*) as count FROM pgboss.job WHERE name = $1')).toEqual({ rows: [] });
  });
});
