/** Business constants and bounds, shared by forms, the API and the party room. */
export const LIMITS = {
  nameMax: 50,
  partyTitleMax: 100,
  hostNameMax: 100,
  /** Profile fields; the profile editor shows the biography's count against its limit as one types. */
  biographyMax: 300,
  phoneMax: 30,
  emailMax: 254,
  urlMax: 2000,
  /** Profiles one consultant may keep (company accounts run several). */
  profilesMax: 50,
  /** A profile picture's largest size in bytes. */
  pictureBytesMax: 5 * 1024 * 1024,
  passwordMax: 200,
  /** A media item's title or a folder's name, in characters. */
  mediaTitleMax: 200,
  /** The largest file the library takes: 50 GB, counted in decimal bytes. */
  mediaBytesMax: 50_000_000_000,
  /**
   * An upload's R2 part: every part but the last has this size (R2 wants them equal, and at least
   * 5 MiB). 10,000 parts, R2's most, of 5 MiB hold 52.4 GB, just over the largest file; the Worker
   * holds at most one part of an upload in memory.
   */
  mediaPartBytes: 5 * 1024 * 1024,
  /**
   * The most bytes the browser sends in one tus PATCH: Cloudflare refuses request bodies over
   * 100 MB on most plans. A whole number of parts, so a PATCH rarely leaves a carry-over.
   */
  mediaChunkBytes: 10 * 5 * 1024 * 1024,
  /**
   * A preview the browser made (app/lib/preview.ts): a JPEG that fits a card at twice its size,
   * tens of kilobytes; the cap leaves room for busy pictures and keeps the Worker's buffer small.
   */
  mediaPreviewBytesMax: 512 * 1024,
  /**
   * A video's poster as the Worker copies it from Stream. Stream scales it to the size asked for;
   * the local stand-in sends its full-size frame (up to 1080p), hence a larger cap.
   */
  mediaPosterBytesMax: 5 * 1024 * 1024,
  /**
   * A party upload (a photo or voice message sent in chat, not kept in a library): one plain PUT,
   * held in memory once for the content check, so far below the library's limit.
   */
  partyUploadBytesMax: 25 * 1024 * 1024,
  /**
   * The longest voice message. Five minutes is a long spoken answer in a party chat, and keeps
   * what the phone holds and re-encodes in memory small (about 2.4 MB of AAC or 4.8 MB of MP3, far
   * below the upload limit above). At the limit the recording is sent.
   */
  voiceMaxMs: 5 * 60 * 1000,
  /** How deep folders nest (media and templates): a path names at most this many. */
  folderDepthMax: 64,
  /** Characters of a media search. */
  mediaSearchMax: 200,
  /** The longest FAQ search text (the content API's `_q`), in characters. */
  faqSearchMax: 200,
  /**
   * The landing page's sales-partner search (public): at least two characters, so one letter
   * cannot list every consultant; at most a few words of a name; a short page of people.
   */
  partnerSearchMin: 2,
  partnerSearchMax: 60,
  partnerSearchWordsMax: 4,
  partnerSearchResults: 10,
  /**
   * Messages in one template: a whole party prepared in advance is tens to a few hundred; the
   * editor and a full send stay quick below this.
   */
  templateMessagesMax: 1000,
  /** Files one upload into the library takes at once; more are refused as a whole, with a warning. */
  libraryUploadFilesMax: 20,
  /** Files one send into a chat takes at once, chosen, dropped or picked from the library. */
  chatUploadFilesMax: 10,
  /** Files one drop onto the template editor takes: as many as a send into a chat. */
  templateDropFilesMax: 10,
  messageTextMax: 4000,
  /** Largest WebSocket frame the party room parses. */
  frameBytesMax: 16 * 1024,
  /** Messages in one history page. */
  historyPage: 50,
  /** Graphemes of a heading's text in the party's table of contents. */
  headingIndexText: 120,
  /** A resume that would replay more events than this reloads instead. */
  replayMax: 500,
  /** Wrong passwords per party and client before joins are refused for a while. */
  joinFailuresMax: 5,
  joinFailureWindowMs: 15 * 60 * 1000,
  /** Messages one connection may send in a burst, and the refill rate per second. */
  sendBurst: 20,
  sendPerSecond: 5,
  /**
   * Devices one member keeps subscribed to one party's notifications (a phone, a tablet, a few
   * browsers): each message is encrypted and posted once per device, so a new one beyond this
   * replaces the one subscribed longest ago.
   */
  pushDevicesPerMember: 5,
} as const;

export const DEFAULT_EXPIRATION_DAYS = 3;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Session lifetimes of the consultant's own tokens (not the provider's). */
export const ACCESS_TOKEN_TTL_S = 60 * 60;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 60 * 60;
/**
 * A refresh token just replaced still names its session this long, without new tokens: requests
 * a page sent at once all carried it, and only the first may rotate it (ADR 041).
 */
export const REFRESH_REUSE_GRACE_S = 60;
/**
 * How long a guest's socket ticket opens her party's socket without a D1 read (ADR 047); the room
 * remembers a session that ended (signed out everywhere) at least this long, to refuse its tickets.
 */
export const SOCKET_TICKET_TTL_MS = 60_000;

/** How long things on the pages and the live connection wait, last or repeat. */
export const TIMINGS = {
  linkCopiedMs: 3000,
  heartbeatTimeoutMs: 3000,
  /** The page pings its party room this often (answered by the runtime, see PING_FRAME)… */
  pingIntervalMs: 2000,
  /** …and the room drops a socket silent for longer: the guest shows offline within seconds. */
  silentAfterMs: 5000,
  /** Mark-seen is sent again this often until the room confirms it. */
  markSeenRetryMs: 2000,
  /** After an emoji is inserted, the caret is placed behind it this much later. */
  emojiSelectionMs: 100,
  /** A converting video's status is asked for this often… */
  conversionPollMs: 1000,
  /** …first after this much per second of the video (conversionWaitMs in media.ts)… */
  conversionWaitPerSecondMs: 500,
  /** …or this much when its length is unknown or zero. */
  conversionWaitUnknownMs: 1000,
  /** The upload banner goes this long after the last file is done… */
  uploadBannerClearMs: 500,
  /** …a file's failure stays this long… */
  uploadErrorMs: 3000,
  /** …and the warning about too many files this long. */
  tooManyFilesMs: 5000,
  /** A guest who picks or drops a file that is not a picture is told so this long. */
  guestNonImageNoteMs: 3000,
  /** A confirmation ("renamed", "moved") stays this long… */
  successNoticeMs: 2000,
  /** …one that offers to undo what it confirms, this long (ADR 026)… */
  undoNoticeMs: 8000,
  /** …news in a party ("you are host now", "forwarded") this long… */
  partyNoticeMs: 8000,
  /** …a template's import that failed is said this long (the specification's import error banner)… */
  importErrorMs: 4000,
  /** …and a chat's error (a refused send, a lost upload) this long. */
  chatErrorMs: 5000,
  /** The voice dialog closes this long after its message was sent, so "sent" can be read. */
  voiceCloseDelayMs: 500,
  /** The landing page's counters count up from zero this long. */
  counterAnimationMs: 1500,
  /** The landing page's partner search waits this long after the last key before it asks. */
  partnerSearchDebounceMs: 300,
} as const;

/** The landing page's counters: the figures it shows (10K users, 30K chat parties, 4M messages). */
export const LANDING_COUNTERS = [
  { key: 'countUsers', value: 10_000 },
  { key: 'countParties', value: 30_000 },
  { key: 'countMessages', value: 4_000_000 },
] as const;
