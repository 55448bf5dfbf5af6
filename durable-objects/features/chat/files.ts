import type { MessageMedia } from '#core/chat-media';
import { linkFiles, unlinkFiles } from '../../../worker/db/party-media';
import { collectMedia } from '../../../worker/media/collect';
import type { Outcome, SendInput } from '../../contract';
import type { Room } from '../../kernel/room';
import type { StoredMember } from '../../kernel/store';
import { sendMessage } from './messages';

/**
 * The files the chat's messages show (ADR 015, 039). The room knows only files the Worker offered,
 * each to one member; the party's `party_media` links in D1 say which files it shows, so the pages
 * may fetch them. The room links a file whenever it gains a hold on it, after recording the hold,
 * and lets go of files whose last message here was deleted when it mirrors (`release`).
 */

/** Links files the room now holds (see `release`); answers those that still exist. */
async function linkHeld(room: Room, mediaIds: string[]): Promise<Set<string>> {
  const partyId = room.store.facts?.partyId;
  return partyId && mediaIds.length > 0 ? linkFiles(room.env.DB, partyId, mediaIds) : new Set();
}

/**
 * The Worker vouches for a file (it checked the library in D1, or stored the upload): from now on
 * `member` may send it in a message, by socket or API.
 */
export async function offerMedia(room: Room, member: StoredMember, media: MessageMedia): Promise<Outcome<MessageMedia>> {
  room.store.offerAttachment({ ...media, memberId: member.id });
  // Linked after the hold is recorded; a file deleted meanwhile cannot be offered.
  if (!(await linkHeld(room, [media.mediaAttachment])).has(media.mediaAttachment)) {
    room.store.withdrawAttachment(media.mediaAttachment);
    return { ok: false, code: 'mediaNotFound' };
  }
  return { ok: true, value: media };
}

/**
 * Several messages from one trusted call (forwarding): the Worker has checked the request, so
 * the per-member chat rate does not apply; every message still passes the same rules, and each
 * is marked as forwarded.
 */
export async function forward(room: Room, member: StoredMember, inputs: SendInput[]): Promise<Outcome<number>> {
  const files = inputs.flatMap((input) => (input.media ? [input.media.mediaAttachment] : []));
  // A file deleted since its message was read is left out, like a deleted message.
  const existing = await linkHeld(room, files);
  const kept = inputs.filter((input) => !input.media || existing.has(input.media.mediaAttachment));
  for (const input of kept) {
    const result = sendMessage(room, member, { ...input, forwarded: true }, undefined, true);
    if (!result.ok) return result;
  }
  // Again now that the messages hold them: the first links may have gone with a release meanwhile.
  await linkHeld(room, files);
  return { ok: true, value: kept.length };
}

/**
 * Files whose last message here was deleted: the party stops showing them (its `party_media`
 * links go) and those nobody else references are deleted. A file linked again meanwhile (an offer
 * or a forward that arrived while the links went) keeps its link. A mirror that fails is run
 * again, with the list still in storage.
 */
export async function release(room: Room, partyId: string): Promise<void> {
  const released = room.store.releasedMedia();
  if (released.length === 0) return;
  const unheld = released.filter((id) => !room.store.holdsMedia(id));
  await unlinkFiles(room.env.DB, partyId, unheld);
  const regained = unheld.filter((id) => room.store.holdsMedia(id));
  if (regained.length > 0) await linkFiles(room.env.DB, partyId, regained);
  room.store.forgetReleased(released);
  await collectMedia(
    room.env,
    unheld.filter((id) => !regained.includes(id)),
  );
}
