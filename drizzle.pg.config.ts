import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.pg.ts',
  out: './drizzle/postgres',
  dbCredentials: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/tasklane' },
});
