import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` writes SQL migrations that wrangler applies (migrations_dir).
export default defineConfig({
  dialect: 'sqlite',
  schema: './worker/db/schema/index.ts',
  out: './migrations',
});
