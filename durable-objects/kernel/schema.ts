/**
 * The room's own SQLite tables of the kernel (kernel/store.ts): the party's facts, the message log and
 * its events, members, files offered and released, and ended memberships and sessions. Features
 * create their own tables (their `load`). A room made before a column existed gets it here.
 */

/**
 * The table of contents reads a partial index of the heading messages alone: its size is the
 * number of headings, and other messages never touch it. A query uses it only when it repeats
 * this condition word for word.
 */
const HEADINGS_WHERE = "message_type IN ('heading', 'heading2', 'heading3')";

/** Exported so a test can ask SQLite for its plan. */
export const HEADINGS_QUERY = `SELECT seq, id, message_type, message, deleted FROM messages WHERE ${HEADINGS_WHERE} ORDER BY seq`;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS messages (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  temp_id TEXT,
  sender TEXT NOT NULL,
  sender_type TEXT NOT NULL,
  sender_name TEXT NOT NULL,
  message_type TEXT NOT NULL,
  message TEXT NOT NULL,
  replying_to TEXT,
  timestamp INTEGER NOT NULL,
  edited_at INTEGER,
  deleted INTEGER NOT NULL DEFAULT 0,
  forwarded INTEGER NOT NULL DEFAULT 0,
  from_template INTEGER NOT NULL DEFAULT 0,
  media_id TEXT,
  media_kind TEXT,
  media_extension TEXT,
  media_owner TEXT,
  media_content_type TEXT,
  media_title TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS messages_sender_temp ON messages (sender, temp_id);
CREATE INDEX IF NOT EXISTS messages_headings ON messages (seq) WHERE ${HEADINGS_WHERE};
CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY, message_seq INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS members (
  id TEXT PRIMARY KEY,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  role TEXT NOT NULL,
  removed INTEGER NOT NULL DEFAULT 0,
  seen_seq INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS attachments (
  media_id TEXT PRIMARY KEY,
  member_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  extension TEXT,
  owner TEXT NOT NULL,
  content_type TEXT NOT NULL,
  title TEXT
);
CREATE TABLE IF NOT EXISTS released_media (media_id TEXT PRIMARY KEY);
CREATE TABLE IF NOT EXISTS recently_ended (key TEXT PRIMARY KEY, ended_at INTEGER NOT NULL);
`;

/** Columns added after rooms existed: a room made before them gets them on load. */
const ADDED_COLUMNS: [string, string][] = [
  ['forwarded', 'INTEGER NOT NULL DEFAULT 0'],
  ['from_template', 'INTEGER NOT NULL DEFAULT 0'],
  ['media_id', 'TEXT'],
  ['media_kind', 'TEXT'],
  ['media_extension', 'TEXT'],
  ['media_owner', 'TEXT'],
  ['media_content_type', 'TEXT'],
  ['media_title', 'TEXT'],
];

/** Creates the tables, and adds to a room made before them the columns and indexes it lacks. */
export function createTables(sql: SqlStorage): void {
  sql.exec(SCHEMA);
  // Rooms created before messages could be forwarded, or carry media, lack those columns.
  const columns = new Set(
    sql
      .exec<{ name: string }>('PRAGMA table_info(messages)')
      .toArray()
      .map((column) => column.name),
  );
  for (const [name, type] of ADDED_COLUMNS) if (!columns.has(name)) sql.exec(`ALTER TABLE messages ADD COLUMN ${name} ${type}`);
  // Offers made before files had titles lack the column, too.
  const offerColumns = new Set(
    sql
      .exec<{ name: string }>('PRAGMA table_info(attachments)')
      .toArray()
      .map((column) => column.name),
  );
  if (!offerColumns.has('title')) sql.exec('ALTER TABLE attachments ADD COLUMN title TEXT');
  // After the columns: whether a file is still shown is one index step, not a scan of the log.
  sql.exec('CREATE INDEX IF NOT EXISTS messages_media ON messages (media_id) WHERE media_id IS NOT NULL');
}
