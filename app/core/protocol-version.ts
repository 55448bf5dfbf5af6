/**
 * The realtime protocol's version (see protocol.ts). Its own module so the page can send it
 * without loading the schemas the server parses frames with. 2: updateExpiry, `expired` in the
 * snapshot and the ping heartbeat (a version-1 page would stay in an ended party).
 */
export const PROTOCOL_VERSION = 2;

/**
 * The heartbeat: a bare text frame the room's runtime answers itself (an auto-response), so a
 * ping never wakes a hibernated room; the room reads when each socket last pinged.
 */
export const PING_FRAME = 'ping';
export const PONG_FRAME = 'pong';

/**
 * Why the room closed a socket: close codes the page acts on (app/components/party/use-party-chat.ts).
 * `sessionExpired`: the access token it was opened with expired; the page refreshes it and
 * reconnects. `signedOut`: its session ended (signed out elsewhere, account deleted).
 */
export const SOCKET_CLOSE = {
  left: 4001,
  removed: 4003,
  partyDeleted: 4004,
  silent: 4008,
  sessionExpired: 4010,
  signedOut: 4011,
} as const;
