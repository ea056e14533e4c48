// The durable jobs the server runs (docs/conventions.md "Seams"). One entry per queue: its name
// and what its worker receives. Data is stored as JSON in the database until the job is done, so
// it carries ids, never whole documents or secrets.

export interface JobMap {
  /** Delete stored files (rows and bytes) that outlived what they belonged to: a deleted account's. */
  'files.delete': { ids: string[] };
}

export type JobName = keyof JobMap;
