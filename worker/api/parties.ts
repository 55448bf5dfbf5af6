import { count } from '../observability/metrics';
import { Hono } from 'hono';
import { AppError } from '#core/errors';
import { profileCardText } from '#core/profile-card';
import { isMediaMessageType } from '#core/chat-media';
import { MessageTypeSchema } from '#core/protocol';
import { ChatSearchQuerySchema } from '#core/social-schemas';
import {
  AttachMediaSchema,
  ChangeNameSchema,
  DeleteMessageSchema,
  DeleteMessagesSchema,
  EditMessageSchema,
  ForwardSchema,
  HistoryQuerySchema,
  IdSchema,
  JoinPartySchema,
  MakeHostSchema,
  MessageBodyShape,
  NewPartySchema,
  PartyEditSchema,
  RestrictionSchema,
  TempIdSchema,
  checkMessageBody,
} from '#core/schemas';
import {
  AppliedActionSchema,
  ApplyTemplateSchema,
  CreatePartyFolderSchema,
  MovePartySchema,
  RenamePartyFolderSchema,
  SendFullTemplateSchema,
} from '#core/template-schemas';
import { announceUpload, attachLibraryItem, isLibraryItem, partyFile, receiveUpload } from '../services/chat-media';
import * as moderation from '../services/moderation';
import * as reports from '../services/reports';
import { NewReportSchema, ResolveReportSchema } from '#core/reports';
import * as push from '../services/push';
import { MuteSchema, SubscribeSchema, UnsubscribeSchema } from '../../app/core/push';
import { localeOf } from '../../app/i18n/i18n.server';
import { applyTemplateToParty } from '../services/apply-template';
import { recordSocket } from '../services/session-end';
import { getProfile } from '../services/profiles';
import { guestRecap } from '../services/recap';
import { z } from '#core/zod';
import type { SocketSession } from '../../durable-objects/contract';
import { roomUpgrade } from '../../durable-objects/contract';
import { guestKeySocketSession } from '../auth/guests';
import { redeemSocketTicket, socketTicketFor } from '../auth/socket-ticket';
import type { MiddlewareHandler } from 'hono';
import type { Member } from '#core/protocol';
import type { PartyRow } from '../db/schema';
import {
  createParty,
  deleteParty,
  joinParty,
  listParties,
  memberInParty,
  partyGuests,
  partyInfo,
  room,
  roomFacts,
  unwrap,
  updateParty,
} from '../services/parties';
import { followUpList } from '../services/follow-up';
import { regionOf } from '../services/room-place';
import { createPartyFolder, deletePartyFolder, listPartyFolders, movePartyOrFolder, renamePartyFolder } from '../services/party-folders';
import type { ApiContext, ApiEnv } from './context';
import { clientKey, handOverGuestCredentials, requireConsultant, valid } from './context';

/**
 * POST /parties/{id}/chat. A media message names its file by `mediaAttachment` (an item of the
 * manager's library, or an upload made through `POST /parties/{id}/media`); its caption is
 * `message`, or `description`, the API's other name for it.
 */
const ChatPostSchema = z.preprocess(
  (body) =>
    body && typeof body === 'object' && !('message' in body) && 'description' in body
      ? { ...body, message: (body as { description: unknown }).description }
      : body,
  z
    .object({
      tempId: TempIdSchema.nullable().optional(),
      messageType: MessageTypeSchema.default('text'),
      replyingTo: z.uuid({ error: 'invalidInput' }).nullable().optional(),
      ...MessageBodyShape,
    })
    .superRefine(checkMessageBody),
);

/** The text of a profile card the manager sends, for one of her own profiles. */
async function profileCardMessage(c: ApiContext, member: Member, party: PartyRow, profileId: string): Promise<string> {
  if (member.role !== 'manager') throw new AppError('forbidden');
  if (!IdSchema.safeParse(profileId).success) throw new AppError('invalidInput');
  const profile = await getProfile(c.get('db'), party.userId, profileId);
  const { shortId, firstName, lastName, phoneNo, email, website, biography, profilePic } = profile;
  return profileCardText({ shortId, firstName, lastName, phoneNo, email, website, biography, profilePic });
}

/** The requester's membership of the party, or the reason they have none (services/parties.ts). */
function requireMember(c: ApiContext, partyId: string, options?: { evenEnded?: boolean }): Promise<{ party: PartyRow; member: Member }> {
  return memberInParty(c.get('db'), partyId, c.get('identity'), options);
}

/**
 * A guest's socket that comes with a ticket (ADR 047), before anything reads D1 (the API mounts this
 * ahead of the identity): the room admits the member the ticket vouches for by its own copy of her.
 * Any other socket, and one the room sends back (409: it cannot say), goes on to the identity and
 * the D1 check of `GET /:id/socket`.
 */
export const socketByTicket: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const ticket = c.req.query('ticket');
  const partyId = c.req.param('id');
  if (ticket && partyId && c.req.method === 'GET' && c.req.header('Upgrade') === 'websocket') {
    const vouched = await redeemSocketTicket(c.env.SOCKET_TICKET_SECRET, ticket, partyId, c.req.raw);
    const upgrade = vouched && roomUpgrade(c.req.raw, { known: vouched.guestId, session: guestKeySocketSession(vouched.keyId) });
    // A room that cannot answer now is asked again the D1 way, which says why if it fails too.
    const response =
      upgrade &&
      (await room(c.env, vouched.party)
        .fetch(upgrade)
        .catch(() => null));
    if (response && response.status !== 409) return response;
  }
  await next();
};

export const partiesApi = new Hono<ApiEnv>()
  .get('/', async (c) => c.json(await listParties(c.get('db'), requireConsultant(c).userId)))
  .post('/', valid('json', NewPartySchema), async (c) => {
    const party = await createParty(c.env, c.get('db'), requireConsultant(c).userId, c.req.valid('json'), regionOf(c.req.raw));
    return c.json(party, 201);
  })
  // The dashboard's folders (ADR 037), before `/:shortId` and `/:id` take these paths.
  .get('/folders', async (c) => c.json(await listPartyFolders(c.get('db'), requireConsultant(c).userId)))
  .post('/folder', valid('json', CreatePartyFolderSchema), async (c) =>
    c.json(await createPartyFolder(c.get('db'), requireConsultant(c).userId, c.req.valid('json')), 201),
  )
  .put('/folder', valid('json', MovePartySchema), async (c) => c.json(await movePartyOrFolder(c.get('db'), requireConsultant(c).userId, c.req.valid('json'))))
  .put('/folder/:id', valid('json', RenamePartyFolderSchema), async (c) =>
    c.json(await renamePartyFolder(c.get('db'), requireConsultant(c).userId, c.req.param('id'), c.req.valid('json').name)),
  )
  .delete('/folder/:id', async (c) => {
    await deletePartyFolder(c.get('db'), requireConsultant(c).userId, c.req.param('id'));
    return c.body(null, 204);
  })
  .put('/:id', valid('json', PartyEditSchema), async (c) => {
    return c.json(await updateParty(c.env, c.get('db'), requireConsultant(c).userId, c.req.param('id'), c.req.valid('json')));
  })
  .delete('/:id', async (c) => {
    await deleteParty(c.env, c.get('db'), requireConsultant(c).userId, c.req.param('id'));
    return c.body(null, 204);
  })
  // Party info by the link's short id: public, it is what the link opens.
  .get('/:shortId', async (c) => c.json(await partyInfo(c.get('db'), c.req.param('shortId'), c.get('identity'))))
  .get('/:id/guests', async (c) => {
    await requireMember(c, c.req.param('id'));
    return c.json(await partyGuests(c.get('db'), c.req.param('id')));
  })
  .put('/:id/join', valid('json', JoinPartySchema), async (c) => {
    const later = (work: Promise<unknown>) => c.executionCtx.waitUntil(work);
    const result = await joinParty(c.env, c.get('db'), { partyId: c.req.param('id') }, c.get('identity'), c.req.valid('json'), clientKey(c), later);
    count(c.env, 'join');
    const body: Record<string, unknown> = {
      guestId: result.member.id,
      firstName: result.member.firstName,
      lastName: result.member.lastName,
      role: result.member.role,
    };
    if (result.credentials) {
      const secretKey = handOverGuestCredentials(c, result.credentials);
      if (secretKey) body.secretKey = secretKey;
    }
    // Her socket, opened within the minute with the same credentials, skips its D1 read (ADR 047).
    const ticket = await socketTicketFor(c.env.SOCKET_TICKET_SECRET, c.req.raw, result.party, result.member, {
      fresh: result.credentials,
      checked: c.get('identity').guest,
    });
    if (ticket) body.socketTicket = ticket;
    return c.json(body);
  })
  .get('/:id/chat', valid('query', HistoryQuerySchema), async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    const { from, around, after } = c.req.valid('query');
    const stub = room(c.env, party);
    if (around !== undefined) return c.json(unwrap(await stub.historyWindow(member, { around })));
    if (after !== undefined) return c.json(unwrap(await stub.historyWindow(member, { after })));
    return c.json(unwrap(await stub.history(member, from)));
  })
  // The follow-up list (ADR 045): the party's manager alone, which the room checks.
  .get('/:id/follow-up', async (c) => c.json((await followUpList(c.env, c.get('db'), c.req.param('id'), c.get('identity'))).list))
  // The chat's search (durable-objects/features/search.ts): every member, the messages she may see.
  .get('/:id/search', valid('query', ChatSearchQuerySchema), async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    return c.json(unwrap(await room(c.env, party).search(member, c.req.valid('query').q)));
  })
  // A guest's own recap (ADR 046): also once the party is over, when the routes above refuse her.
  .get('/:id/recap', async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'), { evenEnded: true });
    return c.json(await guestRecap(c.env, c.get('db'), party, member));
  })
  .post('/:id/chat', valid('json', ChatPostSchema), async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    const body = c.req.valid('json');
    // A profile card names one of the manager's profiles; the card itself is built here from it.
    const card = body.messageType === 'profile' ? await profileCardMessage(c, member, party, body.message ?? '') : null;
    // The manager's library item is checked and offered here; an upload was offered when its
    // bytes came in. The room refuses a file it was not offered.
    if (
      isMediaMessageType(body.messageType) &&
      body.mediaAttachment &&
      member.role === 'manager' &&
      (await isLibraryItem(c.get('db'), party, body.mediaAttachment))
    ) {
      await attachLibraryItem(c.env, c.get('db'), party, member, body.mediaAttachment, body.messageType, body);
    }
    const input = { ...body, message: card ?? body.message ?? '', tempId: body.tempId ?? null };
    const result = unwrap(await room(c.env, party).post(member, roomFacts(party), input, card !== null));
    return c.json(result.message, result.duplicate ? 200 : 201);
  })
  .post('/:id/media', valid('json', AttachMediaSchema), async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    const body = c.req.valid('json');
    if (body.mediaId !== undefined) return c.json(await attachLibraryItem(c.env, c.get('db'), party, member, body.mediaId, body.messageType));
    // The schema asks for both when no library item is named.
    const upload = { messageType: body.messageType!, contentType: body.contentType!, mediaExtension: body.mediaExtension };
    return c.json(await announceUpload(c.get('db'), party, member, upload, c.req.url), 201);
  })
  // A file sent in the party, for its members' pages: a video's stream (the bytes are at /files).
  .get('/:id/media/:mediaId', async (c) => {
    const { party } = await requireMember(c, c.req.param('id'));
    return c.json(await partyFile(c.env, c.get('db'), party, c.req.param('mediaId')));
  })
  .put('/:id/media/:mediaId', async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    return c.json(await receiveUpload(c.env, c.get('db'), party, member, c.req.param('mediaId'), c.req.raw));
  })
  .get('/:id/chatTimestamp', async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    if (member.role !== 'manager') throw new AppError('forbidden');
    return c.json({ timestamp: party.managerEnteredAt });
  })
  .put('/:id/editMessage', valid('json', EditMessageSchema), async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    const body = c.req.valid('json');
    return c.json(unwrap(await room(c.env, party).edit(member, roomFacts(party), body.messageId, body.message)));
  })
  .put('/:id/deleteMessage', valid('json', DeleteMessageSchema), async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    const body = c.req.valid('json');
    const [message] = unwrap(await room(c.env, party).deleteMessages(member, roomFacts(party), [body.messageId], body.fullDelete ?? false));
    return c.json(message ?? null);
  })
  .put('/:id/deleteMessages', valid('json', DeleteMessagesSchema), async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    return c.json(unwrap(await room(c.env, party).deleteMessages(member, roomFacts(party), c.req.valid('json').messageIds)));
  })
  .post('/:id/forward', valid('json', ForwardSchema), async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    const body = c.req.valid('json');
    return c.json({ forwarded: await moderation.forward(c.env, c.get('db'), party, member, body.messageIds, body.targetPartyId) });
  })
  .put('/:id/host', valid('json', MakeHostSchema), async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    await moderation.makeHost(c.env, c.get('db'), party, member, c.req.valid('json').guestId);
    return c.body(null, 204);
  })
  // Reports of abuse (ADR 064): any member files one; the manager and the host read and resolve them.
  .post('/:id/reports', valid('json', NewReportSchema), async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    return c.json(await reports.fileReport(c.env, c.get('db'), party, member, c.req.valid('json')), 201);
  })
  .get('/:id/reports', async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    return c.json(await reports.partyReports(c.env, party, member));
  })
  .post('/:id/reports/:reportId', valid('json', ResolveReportSchema), async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    await reports.resolveReport(c.env, c.get('db'), party, member, c.req.param('reportId'), c.req.valid('json').action);
    return c.body(null, 204);
  })
  .delete('/:id/removeGuest/:guestId', async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    await moderation.removeGuest(c.env, c.get('db'), party, member, c.req.param('guestId'));
    return c.body(null, 204);
  })
  // Managers and hosts switch writing for guests on and off (the full party edit is the manager's).
  .put('/:id/restriction', valid('json', RestrictionSchema), async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    await moderation.setRestriction(c.env, c.get('db'), party, member, c.req.valid('json').restrictedMessaging);
    return c.body(null, 204);
  })
  // Web Push for this member of this party (worker/services/push.ts); any member, for their own devices.
  .put('/:id/subscribe', valid('json', SubscribeSchema), async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    const body = c.req.valid('json');
    if (body.id !== undefined && body.id !== party.id) throw new AppError('invalidInput');
    await push.subscribe(c.env, c.get('db'), party, member, body.pushToken, body.language ?? (await localeOf(c.req.raw)));
    return c.body(null, 204);
  })
  .delete('/:id/subscribe', valid('json', UnsubscribeSchema), async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    await push.unsubscribe(c.get('db'), party.id, member, c.req.valid('json').endpoint);
    return c.body(null, 204);
  })
  // Muting silences the party on all the member's devices; their subscriptions stay for unmuting.
  .get('/:id/mute', async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    return c.json({ muted: await push.isMuted(c.get('db'), party.id, member) });
  })
  .put('/:id/mute', valid('json', MuteSchema), async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    await push.mute(c.get('db'), party.id, member, c.req.valid('json').muted);
    return c.body(null, 204);
  })
  .put('/:id/changeName', valid('json', ChangeNameSchema), async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    return c.json(await moderation.changeName(c.env, c.get('db'), party, member, c.req.valid('json')));
  })
  .delete('/:id/leave', async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    await moderation.leave(c.env, c.get('db'), party, member);
    return c.body(null, 204);
  })
  // The applied template (app/core/applied-template.ts). The manager's alone (the room checks the
  // role on every call); the manager's devices hear every change over the socket.
  .get('/:id/template', async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    return c.json({ applied: unwrap(await room(c.env, party).appliedTemplate(member, roomFacts(party))) });
  })
  .post('/:id/template', valid('json', ApplyTemplateSchema), async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    const { templateId, mode } = c.req.valid('json');
    return c.json({ applied: await applyTemplateToParty(c.env, c.get('db'), party, member, templateId, mode) }, 201);
  })
  .put('/:id/template', valid('json', AppliedActionSchema), async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    return c.json(unwrap(await room(c.env, party).changeApplied(member, roomFacts(party), c.req.valid('json'))));
  })
  .delete('/:id/template', async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    unwrap(await room(c.env, party).removeApplied(member, roomFacts(party)));
    return c.body(null, 204);
  })
  .post('/:id/sendFullTemplate', valid('json', SendFullTemplateSchema), async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    return c.json({ sent: unwrap(await room(c.env, party).sendFullTemplate(member, roomFacts(party), c.req.valid('json').templateId)) });
  })
  .get('/:id/socket', async (c) => {
    if (c.req.header('Upgrade') !== 'websocket') throw new AppError('badRequest');
    const { party, member } = await requireMember(c, c.req.param('id'));
    // The manager's socket lives no longer than her session (ADR 020); a guest's no longer than the
    // key it was opened with (signing out everywhere closes it, ADR 034).
    const { consultant, guest } = c.get('identity');
    const session = member.role === 'manager' ? consultant : null;
    const socketSession: SocketSession | null = session
      ? { id: session.sessionId, expiresAt: session.expiresAt * 1000 }
      : guest
        ? // Hers, or one her account took in (ADR 052): the member came from her key either way.
          guestKeySocketSession(guest.keyId)
        : null;
    const partyRoom = room(c.env, party);
    const response = await partyRoom.fetch(roomUpgrade(c.req.raw, { member, facts: roomFacts(party), session: socketSession }));
    if (session && response.status === 101 && !(await recordSocket(c.env, session.sessionId, party.id))) await partyRoom.endSessions([session.sessionId]);
    return response;
  });
