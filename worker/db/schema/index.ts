/**
 * D1's schema (drizzle), by table group. D1 holds the records that cross parties. Times are epoch
 * milliseconds unless a column says seconds. Live chat state (messages, seen, presence) lives in
 * each party's Durable Object. `npx drizzle-kit generate` reads this module (drizzle.config.ts) and
 * writes the migrations in migrations/.
 */
export * from './accounts';
export * from './guests';
export * from './parties';
export * from './push';
export * from './media';
export * from './templates';
export * from './faq';
export * from './imports';
export * from './exports';
export * from './reports';
