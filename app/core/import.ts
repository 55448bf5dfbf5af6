/**
 * Import from an older account: the wire between the import dialog and `/api/import/*`. The page
 * drives the import one call per item, in the stages below; the older system's token stays on the
 * server, which keeps it with the run (`importId`) the sign-in opened.
 */

/** The dialog's stages, in the order the page runs them. */
export const IMPORT_STAGES = ['signIn', 'start', 'files', 'media', 'messages', 'parties', 'done'] as const;
export type ImportStage = (typeof IMPORT_STAGES)[number];

/** The stages that copy items, each with the call that copies one. */
export type CopyStage = Extract<ImportStage, 'files' | 'media' | 'messages' | 'parties'>;

/** `POST /api/import/signin {email, password}` answers the run it opened (or found: a second try continues it). */
export interface ImportSignIn {
  importId: string;
}

/** A message of the older account, named as `POST /api/import/message` takes it. */
export interface ImportMessageRef {
  id: string;
  partyId: string;
}

/**
 * `POST /api/import/start {importId}`: what is still to copy, stage by stage (an item copied by an
 * earlier try is not listed again), and how many of each were copied before, so the dialog counts
 * "n of m" over the whole account.
 */
export interface ImportStartResult {
  files: string[];
  media: string[];
  messages: ImportMessageRef[];
  parties: string[];
  copied: Record<CopyStage, number>;
}

/** The dialog's states: only a pending dialog may be cancelled or closed. */
export type ImportDialogState = 'pending' | 'running' | 'done';

export const IMPORT_TIMINGS = {
  /** After the last stage the dialog waits this long and closes. */
  finishDelayMs: 1000,
  /** A failure's banner shows this long. */
  errorBannerMs: 4000,
};
