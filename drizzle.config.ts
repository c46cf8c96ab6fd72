import { defineConfig } from 'drizzle-kit';

// Used only by `drizzle-kit generate` (migrations are applied by `dugout migrate`).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './migrations',
  schemaFilter: ['raw', 'mlb', 'ingest', 'analytics'],
});
