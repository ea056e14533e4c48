// The whole Drizzle schema: drizzle-kit generates the migration from this file and the
// database client is typed with it. Add one line per schema file.
export * from './audit.ts';
export * from './auth.ts';
export * from './comments.ts';
export * from './events.ts';
export * from './files.ts';
export * from './inbox.ts';
export * from './matrimony.ts';
export * from './ops.ts';
export * from './posts.ts';
export * from './publisher.ts';
export * from './push.ts';
export * from './slides.ts';
export * from './surnames.ts';
