import { LIMITS } from '#core/limits';

/**
 * Wrong passwords at a party's join, counted per client in the room's SQLite (ADR 001): the room is
 * the one counter, so concurrent joins are counted one after another.
 */
const SCHEMA = 'CREATE TABLE IF NOT EXISTS join_failures (client TEXT PRIMARY KEY, count INTEGER NOT NULL, window_start INTEGER NOT NULL)';

export class PasswordAttempts {
  constructor(private readonly sql: SqlStorage) {}

  load(): void {
    this.sql.exec(SCHEMA);
  }

  /** Takes one password attempt for a client; false once the limit for the window is used up. */
  begin(client: string, now: number): boolean {
    const row = this.sql.exec<{ count: number; window_start: number }>('SELECT count, window_start FROM join_failures WHERE client = ?', client).toArray()[0];
    if (!row || row.window_start + LIMITS.joinFailureWindowMs < now) {
      this.sql.exec('INSERT OR REPLACE INTO join_failures (client, count, window_start) VALUES (?, 1, ?)', client, now);
      return true;
    }
    if (row.count >= LIMITS.joinFailuresMax) return false;
    this.sql.exec('UPDATE join_failures SET count = count + 1 WHERE client = ?', client);
    return true;
  }

  /** A right password does not count against the client. */
  accepted(client: string): void {
    this.sql.exec('UPDATE join_failures SET count = MAX(count - 1, 0) WHERE client = ?', client);
  }
}
