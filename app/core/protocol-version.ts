/**
 * The realtime protocol's version (see protocol.ts). Its own module so the page can send it
 * without loading the schemas the server parses frames with.
 */
export const PROTOCOL_VERSION = 1;
