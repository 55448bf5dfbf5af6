import { ftsQuery, searchTerms } from '#core/faq';
import { markerOf } from '#core/markers';
import type { MessageType } from '#core/protocol';
import type { ChatSearchHit } from '#core/social';
import { CHAT_SEARCH, HIT_CLOSE, HIT_OPEN, searchable, snippetParts } from '#core/social';
import type { Feature } from '../kernel/feature';
import type { Room } from '../kernel/room';

/**
 * The chat's full-text index (SQLite FTS5 in the room's own database, ADR 043), kept apart from
 * the send path: sending writes nothing here. A search first brings the index up to the log's
 * newest seq, from the messages and the edit and deletion events (store.ts) after the seq it
 * indexed last, so a message is indexed once however often it is searched. It reads the store's
 * tables and writes only its own.
 */

const SCHEMA = `
CREATE VIRTUAL TABLE IF NOT EXISTS message_search USING fts5(body, tokenize = 'unicode61 remove_diacritics 2');
CREATE TABLE IF NOT EXISTS message_search_state (id INTEGER PRIMARY KEY CHECK (id = 1), indexed_seq INTEGER NOT NULL);
`;

/** Messages with words to find: text, headings and captions; not notices, profile cards (data) or deleted ones. */
function indexable(row: { message_type: MessageType; message: string; deleted: number }): boolean {
  return (
    row.deleted !== 1 && row.message_type !== 'profile' && row.message !== '' && markerOf({ messageType: row.message_type, message: row.message }) === null
  );
}

/** Brings the index up to `seq`, in one transaction. */
function catchUp(storage: DurableObjectStorage, seq: number): void {
  const sql = storage.sql;
  sql.exec(SCHEMA);
  const indexed = sql.exec<{ indexed_seq: number }>('SELECT indexed_seq FROM message_search_state WHERE id = 1').toArray()[0]?.indexed_seq ?? 0;
  if (indexed >= seq) return;
  storage.transactionSync(() => {
    const changed = sql
      .exec<{ seq: number; message_type: MessageType; message: string; deleted: number }>(
        `SELECT seq, message_type, message, deleted FROM messages WHERE seq > ?1
         UNION
         SELECT m.seq, m.message_type, m.message, m.deleted FROM events e JOIN messages m ON m.seq = e.message_seq WHERE e.seq > ?1`,
        indexed,
      )
      .toArray();
    for (const row of changed) {
      sql.exec('DELETE FROM message_search WHERE rowid = ?', row.seq);
      if (indexable(row)) sql.exec('INSERT INTO message_search (rowid, body) VALUES (?, ?)', row.seq, searchable(row.message));
    }
    sql.exec('INSERT INTO message_search_state (id, indexed_seq) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET indexed_seq = excluded.indexed_seq', seq);
  });
}

/** The chat's search: its index is made on the first search, not with the room (most parties are never searched). */
export class ChatSearch implements Feature {
  readonly name = 'search';

  constructor(private readonly room: Room) {}

  /**
   * The messages a member's text finds, best first (bm25), each with a snippet whose hits are
   * marked. The text becomes plain words (searchTerms, ftsQuery: quotes, `*`, NEAR, `-` and column
   * filters are only words or separators), every one of which must appear.
   */
  find(text: string): ChatSearchHit[] {
    const match = ftsQuery(searchTerms(text), 'all');
    if (match === null) return [];
    const storage = this.room.ctx.storage;
    catchUp(storage, this.room.store.seq);
    return storage.sql
      .exec<{ id: string; seq: number; sender_name: string; timestamp: number; marked: string }>(
        `SELECT m.id, m.seq, m.sender_name, m.timestamp, snippet(message_search, 0, ?, ?, '…', ?) AS marked
       FROM message_search JOIN messages m ON m.seq = message_search.rowid
       WHERE message_search MATCH ? AND m.deleted = 0
       ORDER BY bm25(message_search), m.seq DESC
       LIMIT ?`,
        HIT_OPEN,
        HIT_CLOSE,
        CHAT_SEARCH.snippetTokens,
        match,
        CHAT_SEARCH.resultsMax,
      )
      .toArray()
      .map((row) => ({ id: row.id, seq: row.seq, senderName: row.sender_name, timestamp: row.timestamp, snippet: snippetParts(row.marked) }));
  }
}
