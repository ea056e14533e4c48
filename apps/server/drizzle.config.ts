import { defineConfig } from 'drizzle-kit';

// Until the first release the migration folder holds one `init` migration, regenerated with
// `npm run db:generate -w @samaj/server` after any schema change.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
