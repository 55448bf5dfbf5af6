import { applyD1Migrations, env } from 'cloudflare:test';

// The same migrations wrangler applies; each test file starts from them.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
