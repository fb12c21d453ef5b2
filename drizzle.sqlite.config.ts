import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './server/db/schema.sqlite.ts',
  out: './drizzle/sqlite',
  dbCredentials: { url: process.env.SQLITE_FILE ?? 'data/tasklane.db' },
});
