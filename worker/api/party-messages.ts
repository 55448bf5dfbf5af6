import { Hono } from 'hono';
import { AppError } from '#core/errors';
import { profileCardText } from '#core/profile-card';
import { isMediaMessageType } from '#core/chat-media';
import { MessageTypeSchema, UpdateSeenSchema } from '#core/protocol';
import type { Member } from '#core/protocol';
import { ChatSearchQuerySchema } from '#core/social-schemas';
import {
  AttachMediaSchema,
  DeleteMessageSchema,
  DeleteMessagesSchema,
  EditMessageSchema,
  ForwardSchema,
  HistoryQuerySchema,
  IdSchema,
  MessageBodyShape,
  TempIdSchema,
  checkMessageBody,
} from '#core/schemas';
import { AppliedActionSchema, ApplyTemplateSchema, SendFullTemplateSchema } from '#core/template-schemas';
import { z } from '#core/zod';
import type { PartyRow } from '../db/schema';
import { applyTemplateToParty } from '../services/apply-template';
import { announceUpload, attachLibraryItem, isLibraryItem, partyFile, receiveUpload } from '../services/chat-media';
import * as moderation from '../services/moderation';
import { room, roomFacts } from '../services/parties';
import { getProfile } from '../services/profiles';
import type { ApiContext, ApiEnv } from './context';
import { requireMember, unwrap, valid } from './context';
import * as answers from '../../app/core/answer-schemas';
import { doc } from './openapi';
import { SEND_ERRORS } from './openapi-shapes';

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

/**
 * A party's messages (mounted at /parties beside parties.ts): history, search, sending and the
 * files sent, what members may do to messages, the seen position, and the template the manager
 * plays into the party. Every call is a member's; the room judges each (durable-objects/contract.ts).
 */
export const partyMessagesApi = new Hono<ApiEnv>()
  .get(
    '/:id/chat',
    doc({
      summary: "A page of the chat's history",
      description: '`from`: the page before that seq; `around` or `after`: a window at a seq (a jump back, paging down from it).',
      caller: 'member',
      ok: { schema: z.union([answers.HistoryPageSchema, answers.HistoryWindowSchema]) },
    }),
    valid('query', HistoryQuerySchema),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      const { from, around, after } = c.req.valid('query');
      const stub = room(c.env, party);
      if (around !== undefined) return c.json(unwrap(await stub.historyWindow(member, { around })));
      if (after !== undefined) return c.json(unwrap(await stub.historyWindow(member, { after })));
      return c.json(unwrap(await stub.history(member, from)));
    },
  )
  // The chat's search (durable-objects/features/search.ts): every member, the messages she may see.
  .get(
    '/:id/search',
    doc({ summary: "Search the party's messages", caller: 'member', ok: { schema: z.array(answers.ChatSearchHitSchema) } }),
    valid('query', ChatSearchQuerySchema),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      return c.json(unwrap(await room(c.env, party).search(member, c.req.valid('query').q)));
    },
  )
  .post(
    '/:id/chat',
    doc({
      summary: 'Send a message',
      description:
        "A media message names its file by `mediaAttachment`: an item of the manager's library, or an upload made through POST /api/parties/{id}/media (whose `uploadUrl` takes the bytes first). 201 for a new message; 200 with the stored one when its `tempId` was sent before.",
      caller: 'member',
      errors: SEND_ERRORS,
      ok: { schema: answers.ChatMessageSchema, status: [200, 201], description: 'The message as stored' },
    }),
    valid('json', ChatPostSchema),
    async (c) => {
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
    },
  )
  .post(
    '/:id/media',
    doc({
      summary: 'Announce a file to send in the party (or offer a library item)',
      description:
        "With `contentType` (and `size`), answers 201 with `uploadUrl`, where the bytes go (PUT). With `mediaId` (the manager's library), offers that item. Then POST /chat with `mediaAttachment`.",
      caller: 'member',
      errors: ['mediaTypeNotAccepted', 'fileTooLarge', 'mediaNotFound', 'mediaNotReady', 'forbidden', 'restricted', 'mediaTypeMismatch'],
      ok: { status: [200, 201], byStatus: { 200: answers.OfferedMediaSchema, 201: answers.AnnouncedUploadSchema } },
    }),
    valid('json', AttachMediaSchema),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      const body = c.req.valid('json');
      if (body.mediaId !== undefined) return c.json(await attachLibraryItem(c.env, c.get('db'), party, member, body.mediaId, body.messageType));
      // The schema asks for both when no library item is named.
      const upload = { messageType: body.messageType!, contentType: body.contentType!, mediaExtension: body.mediaExtension };
      return c.json(await announceUpload(c.get('db'), party, member, upload, c.req.url), 201);
    },
  )
  // A file sent in the party, for its members' pages: a video's stream (the bytes are at /files).
  .get(
    '/:id/media/:mediaId',
    doc({ summary: 'A file sent in the party: its stream for a video', caller: 'member', errors: ['mediaNotFound'], ok: { schema: answers.PartyFileSchema } }),
    async (c) => {
      const { party } = await requireMember(c, c.req.param('id'));
      return c.json(await partyFile(c.env, c.get('db'), party, c.req.param('mediaId')));
    },
  )
  .put(
    '/:id/media/:mediaId',
    doc({
      summary: 'The bytes of an announced upload',
      caller: 'member',
      rawBody: { content: 'application/octet-stream', description: "The file's bytes, with the Content-Type announced" },
      errors: ['mediaNotFound', 'fileTooLarge', 'mediaTypeMismatch', 'notAnImage', 'uploadConflict'],
      ok: { schema: answers.MessageMediaSchema },
    }),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      return c.json(await receiveUpload(c.env, c.get('db'), party, member, c.req.param('mediaId'), c.req.raw));
    },
  )
  .get(
    '/:id/chatTimestamp',
    doc({
      summary: "When the manager last entered the chat (the manager's)",
      caller: 'member',
      errors: ['forbidden'],
      ok: { schema: z.object({ timestamp: z.int().nullable() }) },
    }),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      if (member.role !== 'manager') throw new AppError('forbidden');
      return c.json({ timestamp: party.managerEnteredAt });
    },
  )
  .put(
    '/:id/updateSeen',
    doc({
      summary: 'Mark messages seen',
      description:
        "The HTTP form of the socket's `updateSeen` frame, judged by the room by the same rules: seen only moves forward and never past the newest message. `seq` (as the socket says it) or the specification's `timestamp` (every message sent at or before it, epoch ms); `guestId`, when sent, must be the asker's own member id. Answers the member's seen seq after the call.",
      caller: 'member',
      errors: ['forbidden'],
      ok: { schema: z.object({ seq: z.int().min(0) }) },
    }),
    valid('json', UpdateSeenSchema),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      const body = c.req.valid('json');
      // The specification names the member; only the asker's own position is hers to move.
      if (body.guestId !== undefined && body.guestId !== member.id) throw new AppError('forbidden');
      const at = body.seq !== undefined ? { seq: body.seq } : { timestamp: body.timestamp! };
      return c.json(unwrap(await room(c.env, party).markSeen(member, roomFacts(party), at)));
    },
  )
  .put(
    '/:id/editMessage',
    doc({
      summary: "Edit a message's text or caption",
      caller: 'member',
      errors: ['messageNotFound', 'forbidden', 'messageTooLong', 'messageEmpty', 'rateLimited', 'restricted'],
      ok: { schema: answers.ChatMessageSchema },
    }),
    valid('json', EditMessageSchema),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      const body = c.req.valid('json');
      return c.json(unwrap(await room(c.env, party).edit(member, roomFacts(party), body.messageId, body.message)));
    },
  )
  .put(
    '/:id/deleteMessage',
    doc({
      summary: "Delete a message (`fullDelete`: erase it for everyone, the manager's)",
      caller: 'member',
      errors: ['messageNotFound', 'forbidden'],
      ok: { schema: answers.ChatMessageSchema.nullable(), description: 'The message as it now is (deleted); null when `fullDelete` erased it' },
    }),
    valid('json', DeleteMessageSchema),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      const body = c.req.valid('json');
      const [message] = unwrap(await room(c.env, party).deleteMessages(member, roomFacts(party), [body.messageId], body.fullDelete ?? false));
      return c.json(message ?? null);
    },
  )
  .put(
    '/:id/deleteMessages',
    doc({ summary: 'Delete several messages', caller: 'member', errors: ['messageNotFound', 'forbidden'], ok: { schema: z.array(answers.ChatMessageSchema) } }),
    valid('json', DeleteMessagesSchema),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      return c.json(unwrap(await room(c.env, party).deleteMessages(member, roomFacts(party), c.req.valid('json').messageIds)));
    },
  )
  .post(
    '/:id/forward',
    doc({
      summary: 'Forward messages to another party of the same manager',
      caller: 'member',
      errors: ['messageNotFound', 'forbidden', 'partyNotFound'],
      ok: { schema: answers.ForwardedSchema },
    }),
    valid('json', ForwardSchema),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      const body = c.req.valid('json');
      return c.json({ forwarded: await moderation.forward(c.env, c.get('db'), party, member, body.messageIds, body.targetPartyId) });
    },
  )
  // The applied template (app/core/applied-template.ts). The manager's alone (the room checks the
  // role on every call); the manager's devices hear every change over the socket.
  .get(
    '/:id/template',
    doc({ summary: "The template applied to the party (the manager's)", caller: 'member', errors: ['forbidden'], ok: { schema: answers.AppliedAnswerSchema } }),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      return c.json({ applied: unwrap(await room(c.env, party).appliedTemplate(member, roomFacts(party))) });
    },
  )
  .post(
    '/:id/template',
    doc({
      summary: "Apply a template to the party (the manager's)",
      caller: 'member',
      errors: ['forbidden', 'templateNotFound', 'templateEmpty', 'templateAlreadyApplied'],
      ok: { status: 201, schema: answers.AppliedNowSchema },
    }),
    valid('json', ApplyTemplateSchema),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      const { templateId, mode } = c.req.valid('json');
      return c.json({ applied: await applyTemplateToParty(c.env, c.get('db'), party, member, templateId, mode) }, 201);
    },
  )
  .put(
    '/:id/template',
    doc({
      summary: "Play, skip or stop the applied template's next message (the manager's)",
      description:
        "Salon's body is one action (`AppliedActionSchema`), not the specification's `{messages}`: the room plays the template, the client never sends its messages back (ADR 056).",
      caller: 'member',
      errors: ['forbidden', 'templateNotApplied', 'messageNotFound', 'messageEmpty', 'startInPast', 'startTooFar', 'startAfterExpiry', 'templateRevoked'],
      ok: { schema: answers.AppliedActionAnswerSchema },
    }),
    valid('json', AppliedActionSchema),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      return c.json(unwrap(await room(c.env, party).changeApplied(member, roomFacts(party), c.req.valid('json'))));
    },
  )
  .delete('/:id/template', doc({ summary: "Remove the applied template (the manager's)", caller: 'member', errors: ['forbidden'], ok: 204 }), async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    unwrap(await room(c.env, party).removeApplied(member, roomFacts(party)));
    return c.body(null, 204);
  })
  .post(
    '/:id/sendFullTemplate',
    doc({
      summary: "Send a whole template into the party at once (the manager's)",
      caller: 'member',
      errors: ['forbidden', 'templateNotFound', 'templateEmpty', 'templateRevoked', 'templateNotApplied', 'mediaTrashed'],
      ok: { schema: z.object({ sent: z.int() }) },
    }),
    valid('json', SendFullTemplateSchema),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      return c.json({ sent: unwrap(await room(c.env, party).sendFullTemplate(member, roomFacts(party), c.req.valid('json').templateId)) });
    },
  );
