import type { AppliedMessage, AppliedTemplate } from '#core/applied-template';

/**
 * The template being played into the party (app/core/applied-template.ts), in the room's SQLite:
 * its state, and its own copy of the messages, one row each (a template holds up to a thousand, too
 * many for one value). Read once per instance and kept in memory.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS applied_template (id INTEGER PRIMARY KEY CHECK (id = 1), state TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS applied_messages (idx INTEGER PRIMARY KEY, message TEXT NOT NULL);
`;

export class AppliedStore {
  /** The applied template, or null. */
  applied: AppliedTemplate | null = null;

  constructor(private readonly sql: SqlStorage) {}

  load(): void {
    this.sql.exec(SCHEMA);
    const applied = this.sql.exec<{ state: string }>('SELECT state FROM applied_template WHERE id = 1').toArray()[0];
    if (applied) {
      const messages = this.sql.exec<{ message: string }>('SELECT message FROM applied_messages ORDER BY idx').toArray();
      this.applied = {
        ...(JSON.parse(applied.state) as Omit<AppliedTemplate, 'messages'>),
        messages: messages.map((row) => JSON.parse(row.message) as AppliedMessage),
      };
    }
  }

  /**
   * Writes the applied template: only the messages that changed, known by identity, as the pure
   * rules copy what they change. Callers that send a message in the same step run both in one
   * transaction, so the record of what was sent and the message are stored together.
   */
  setApplied(next: AppliedTemplate | null): void {
    const previous = this.applied;
    if (!next) {
      this.sql.exec('DELETE FROM applied_template');
      this.sql.exec('DELETE FROM applied_messages');
    } else {
      const { messages, ...state } = next;
      this.sql.exec('INSERT INTO applied_template (id, state) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET state = excluded.state', JSON.stringify(state));
      const same = previous !== null && previous.id === next.id && previous.messages.length === messages.length;
      if (!same) this.sql.exec('DELETE FROM applied_messages');
      messages.forEach((message, index) => {
        if (same && previous.messages[index] === message) return;
        this.sql.exec(
          'INSERT INTO applied_messages (idx, message) VALUES (?, ?) ON CONFLICT (idx) DO UPDATE SET message = excluded.message',
          index,
          JSON.stringify(message),
        );
      });
    }
    this.applied = next;
  }
}
