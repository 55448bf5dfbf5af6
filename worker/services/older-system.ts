import { AppError } from '#core/errors';
import { z } from '#core/zod';
import type { Env } from '../env';

/**
 * The client of the older system, where consultants' older accounts live (locally its stand-in,
 * scripts/older-system.mjs; ADR 042): its identity provider's sign-in and its data API, read with
 * the access token the sign-in gave. What it answers is checked like any input: it is another
 * service's data. Its refusals become the import's error codes.
 */

const SignInAnswer = z.union([
  z.object({ accessToken: z.string().min(1).max(4096), expiresIn: z.number().int().positive() }),
  z.object({ challenge: z.literal('NEW_PASSWORD_REQUIRED') }),
]);

const OlderId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);
const Epoch = z.number().int().min(0);

const ExportAnswer = z.object({
  files: z.array(OlderId),
  media: z.array(OlderId),
  parties: z.array(z.object({ id: OlderId, createdAt: Epoch })),
  messages: z.array(z.object({ id: OlderId, partyId: OlderId })),
});
export type OlderExport = z.infer<typeof ExportAnswer>;

const MediaAnswer = z.object({
  id: OlderId,
  fileId: OlderId,
  title: z.string().max(1000),
  description: z.string().max(10_000).nullable(),
  kind: z.enum(['image', 'video', 'audio', 'document']),
  contentType: z.string().max(200),
  extension: z.string().max(20).nullable(),
  createdAt: Epoch,
});
export type OlderMedia = z.infer<typeof MediaAnswer>;

const PartyAnswer = z.object({
  id: OlderId,
  title: z.string().max(1000),
  host: z.string().max(1000).nullable(),
  startAt: Epoch.nullable(),
  expiresAt: Epoch.nullable(),
  createdAt: Epoch,
  guests: z.array(z.object({ id: OlderId, firstName: z.string().max(1000), lastName: z.string().max(1000) })).max(10_000),
});
export type OlderParty = z.infer<typeof PartyAnswer>;

const MessageAnswer = z.object({
  id: OlderId,
  partyId: OlderId,
  createdAt: Epoch,
  sender: z.object({ kind: z.enum(['consultant', 'guest']), id: OlderId }),
  type: z.string().max(40),
  text: z.string().max(100_000),
  replyTo: OlderId.nullable(),
  mediaId: OlderId.nullable(),
  editedAt: Epoch.nullable(),
  deletedAt: Epoch.nullable(),
});
export type OlderMessage = z.infer<typeof MessageAnswer>;

/** A request to the older system; no answer at all is its failure. */
async function call(env: Pick<Env, 'OLDER_SYSTEM_URL'>, path: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(`${env.OLDER_SYSTEM_URL}${path}`, init);
  } catch {
    throw new AppError('importFailed');
  }
}

/** A refusal of the data API: the token ran out (sign in again), an item not in the account, or a failure. */
function refusal(response: Response): AppError {
  if (response.status === 401) return new AppError('importCredentials');
  if (response.status === 404) return new AppError('importNotFound');
  return new AppError('importFailed');
}

async function read<T>(env: Pick<Env, 'OLDER_SYSTEM_URL'>, token: string, path: string, schema: z.ZodType<T>): Promise<T> {
  const response = await call(env, path, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) {
    await response.body?.cancel();
    throw refusal(response);
  }
  const parsed = schema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new AppError('importFailed');
  return parsed.data;
}

/**
 * Signs in at the older system's identity provider. Any refusal is the same answer (the dialog
 * shows one message for all); a new password wanted there is its own.
 */
export async function olderSignIn(
  env: Pick<Env, 'OLDER_SYSTEM_URL'>,
  email: string,
  password: string,
  now: number,
): Promise<{ token: string; expiresAt: number }> {
  const response = await call(env, '/auth/signin', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status >= 500) throw new AppError('importFailed');
  if (!response.ok) {
    await response.body?.cancel();
    throw new AppError('importCredentials');
  }
  const parsed = SignInAnswer.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new AppError('importFailed');
  if ('challenge' in parsed.data) throw new AppError('importPasswordChange');
  return { token: parsed.data.accessToken, expiresAt: now + parsed.data.expiresIn * 1000 };
}

export const olderExport = (env: Pick<Env, 'OLDER_SYSTEM_URL'>, token: string) => read(env, token, '/v1/export', ExportAnswer);
export const olderMedia = (env: Pick<Env, 'OLDER_SYSTEM_URL'>, token: string, id: string) =>
  read(env, token, `/v1/media/${encodeURIComponent(id)}`, MediaAnswer);
export const olderParty = (env: Pick<Env, 'OLDER_SYSTEM_URL'>, token: string, id: string) =>
  read(env, token, `/v1/parties/${encodeURIComponent(id)}`, PartyAnswer);
export const olderMessage = (env: Pick<Env, 'OLDER_SYSTEM_URL'>, token: string, partyId: string, id: string) =>
  read(env, token, `/v1/parties/${encodeURIComponent(partyId)}/messages/${encodeURIComponent(id)}`, MessageAnswer);

/** A file's bytes as the older system streams them, with their declared type and length. */
export async function olderFile(
  env: Pick<Env, 'OLDER_SYSTEM_URL'>,
  token: string,
  id: string,
): Promise<{ body: ReadableStream<Uint8Array>; contentType: string; size: number }> {
  const response = await call(env, `/v1/files/${encodeURIComponent(id)}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw refusal(response);
  }
  const size = Number(response.headers.get('Content-Length') ?? Number.NaN);
  const contentType = (response.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  return { body: response.body, contentType, size };
}
