import { count } from '../observability/metrics';
import { Hono } from 'hono';
import type { JoinAnswer } from '#core/party';
import { AppError } from '#core/errors';
import { ChangeNameSchema, JoinPartySchema, MakeHostSchema, NewPartySchema, PartyEditSchema, RestrictionSchema } from '#core/schemas';
import { CreatePartyFolderSchema, MovePartySchema, RenamePartyFolderSchema } from '#core/template-schemas';
import * as moderation from '../services/moderation';
import * as reports from '../services/reports';
import { NewReportSchema, ResolveReportSchema } from '#core/reports';
import * as push from '../services/push';
import { MuteSchema, SubscribeSchema, UnsubscribeSchema } from '../../app/core/push';
import { localeOf } from '../../app/i18n/i18n.server';
import { recordSocket } from '../services/session-end';
import { guestRecap } from '../services/recap';
import type { SocketSession } from '../../durable-objects/contract';
import { roomUpgrade } from '../../durable-objects/contract';
import { guestKeySocketSession } from '../auth/guests';
import { redeemSocketTicket, socketTicketFor } from '../auth/socket-ticket';
import type { MiddlewareHandler } from 'hono';
import { createParty, deleteParty, joinParty, listParties, partyGuests, partyInfo, room, roomFacts, updateParty } from '../services/parties';
import { followUpList } from '../services/follow-up';
import { allowHostsLive, livePlayback, startLive, stopLive } from '../services/live';
import { LiveHostsSchema, StartLiveSchema, StopLiveSchema } from '#core/live-schemas';
import { regionOf } from '../services/room-place';
import { createPartyFolder, deletePartyFolder, listPartyFolders, movePartyOrFolder, renamePartyFolder } from '../services/party-folders';
import type { ApiEnv } from './context';
import { clientKey, handOverGuestCredentials, requireConsultant, requireMember, valid } from './context';
import * as answers from '../../app/core/answer-schemas';
import { z } from '../../app/core/zod';
import { doc } from './openapi';
import { PARTY_INPUT } from './openapi-shapes';

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

/**
 * Parties: the consultant's list and folders, a party's info, joining, its members and moderation,
 * push and the socket. Its messages and the applied template are party-messages.ts, on the same
 * paths below /parties.
 */
export const partiesApi = new Hono<ApiEnv>()
  .get(
    '/',
    doc({
      summary: "The consultant's parties",
      caller: 'consultant',
      ok: { schema: z.array(answers.PartySummarySchema), description: 'Her parties, newest first, with their counts and unread markers' },
    }),
    async (c) => c.json(await listParties(c.get('db'), requireConsultant(c).userId)),
  )
  .post(
    '/',
    doc({
      summary: 'Create a party',
      caller: 'consultant',
      errors: PARTY_INPUT,
      ok: { schema: answers.PartySummarySchema, status: 201, description: 'The party made' },
    }),
    valid('json', NewPartySchema),
    async (c) => {
      const party = await createParty(c.env, c.get('db'), requireConsultant(c).userId, c.req.valid('json'), regionOf(c.req.raw));
      return c.json(party, 201);
    },
  )
  // The dashboard's folders (ADR 037), before `/:shortId` and `/:id` take these paths.
  .get('/folders', doc({ summary: "The dashboard's folders", caller: 'consultant', ok: { schema: z.array(answers.LibraryFolderSchema) } }), async (c) =>
    c.json(await listPartyFolders(c.get('db'), requireConsultant(c).userId)),
  )
  .post(
    '/folder',
    doc({
      summary: 'Create a dashboard folder',
      caller: 'consultant',
      errors: ['invalidTitle', 'folderNotFound', 'folderTooDeep'],
      ok: { schema: answers.PartyFolderEntrySchema, status: 201 },
    }),
    valid('json', CreatePartyFolderSchema),
    async (c) => c.json(await createPartyFolder(c.get('db'), requireConsultant(c).userId, c.req.valid('json')), 201),
  )
  .put(
    '/folder',
    doc({
      summary: 'Move a party or folder into a folder',
      caller: 'consultant',
      errors: ['folderNotFound', 'partyNotFound', 'moveIntoSelf', 'folderTooDeep', 'partyExpires'],
      ok: { schema: answers.MovedSchema },
    }),
    valid('json', MovePartySchema),
    async (c) => c.json(await movePartyOrFolder(c.get('db'), requireConsultant(c).userId, c.req.valid('json'))),
  )
  .put(
    '/folder/:id',
    doc({
      summary: 'Rename a dashboard folder',
      caller: 'consultant',
      errors: ['invalidTitle', 'folderNotFound'],
      ok: { schema: answers.PartyFolderEntrySchema },
    }),
    valid('json', RenamePartyFolderSchema),
    async (c) => c.json(await renamePartyFolder(c.get('db'), requireConsultant(c).userId, c.req.param('id'), c.req.valid('json').name)),
  )
  .delete(
    '/folder/:id',
    doc({ summary: 'Delete a dashboard folder (its parties go to its parent)', caller: 'consultant', errors: ['folderNotFound'], ok: 204 }),
    async (c) => {
      await deletePartyFolder(c.get('db'), requireConsultant(c).userId, c.req.param('id'));
      return c.body(null, 204);
    },
  )
  .put(
    '/:id',
    doc({
      summary: 'Edit a party',
      caller: 'consultant',
      errors: [...PARTY_INPUT, 'partyNotFound', 'forbidden'],
      ok: { schema: answers.PartySummarySchema, description: 'The party as stored' },
    }),
    valid('json', PartyEditSchema),
    async (c) => {
      return c.json(await updateParty(c.env, c.get('db'), requireConsultant(c).userId, c.req.param('id'), c.req.valid('json')));
    },
  )
  .delete('/:id', doc({ summary: 'Delete a party', caller: 'consultant', errors: ['partyNotFound', 'forbidden'], ok: 204 }), async (c) => {
    await deleteParty(c.env, c.get('db'), requireConsultant(c).userId, c.req.param('id'));
    return c.body(null, 204);
  })
  // Party info by the link's short id: public, it is what the link opens.
  .get(
    '/:shortId',
    doc({
      summary: "Party info by the link's short id",
      description: "What the party link opens: title, times, the manager's profile, whether a password is asked, and the asker's membership when she has one.",
      caller: 'public',
      errors: ['partyNotFound', 'removed', 'partyExpired'],
      ok: { schema: answers.PartyInfoSchema },
    }),
    async (c) => c.json(await partyInfo(c.get('db'), c.req.param('shortId'), c.get('identity'))),
  )
  .get('/:id/guests', doc({ summary: "The party's guests", caller: 'member', ok: { schema: z.array(answers.MemberSchema) } }), async (c) => {
    await requireMember(c, c.req.param('id'));
    return c.json(await partyGuests(c.get('db'), c.req.param('id')));
  })
  .put(
    '/:id/join',
    doc({
      summary: 'Join the party as a guest',
      description:
        'From the app (no Origin header) the answer carries `secretKey` for a new guest: send Basic guestId:secretKey from then on. `socketTicket` opens the socket within a minute without a database read (ADR 047).',
      caller: 'public',
      errors: ['partyNotFound', 'partyExpired', 'invalidName', 'wrongPassword', 'tooManyAttempts', 'removed', 'sessionExpired'],
      ok: { schema: answers.JoinAnswerSchema },
    }),
    valid('json', JoinPartySchema),
    async (c) => {
      const later = (work: Promise<unknown>) => c.executionCtx.waitUntil(work);
      const result = await joinParty(c.env, c.get('db'), { partyId: c.req.param('id') }, c.get('identity'), c.req.valid('json'), clientKey(c), later);
      count(c.env, 'join');
      const body: JoinAnswer = {
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
    },
  )
  // The follow-up list (ADR 045): the party's manager alone, which the room checks.
  .get(
    '/:id/follow-up',
    doc({ summary: "The follow-up list (the manager's)", caller: 'member', errors: ['forbidden'], ok: { schema: answers.FollowUpSchema } }),
    async (c) => c.json((await followUpList(c.env, c.get('db'), c.req.param('id'), c.get('identity'))).list),
  )
  // Live video (ADR 060): the room checks who may start, stop and allow; members read the playback.
  .post(
    '/:id/live',
    doc({
      summary: 'Go live: the live input to publish to (WHIP)',
      description: 'The manager, or the host when the manager allows it. Answers the live input; the show starts when the stream arrives.',
      caller: 'member',
      errors: ['forbidden', 'liveAlready', 'liveUnavailable'],
      ok: { status: 201, description: 'The live input to publish to', schema: answers.LiveStartSchema },
    }),
    valid('json', StartLiveSchema),
    async (c) => c.json(await startLive(c.env, c.get('db'), c.req.param('id'), c.get('identity')), 201),
  )
  .get(
    '/:id/live',
    doc({
      summary: 'The show on air: its playback (WHEP and HLS)',
      caller: 'member',
      errors: ['notLive', 'liveUnavailable'],
      ok: { description: 'The playback and the live state', schema: answers.LivePlaybackSchema },
    }),
    async (c) => c.json(await livePlayback(c.env, c.get('db'), c.req.param('id'), c.get('identity'))),
  )
  .delete(
    '/:id/live',
    doc({
      summary: 'Stop the show (its replay follows as a message)',
      caller: 'member',
      errors: ['forbidden', 'notLive', 'liveUnavailable'],
      ok: { description: 'The live state', schema: answers.LiveStateSchema },
    }),
    valid('json', StopLiveSchema),
    async (c) => c.json(await stopLive(c.env, c.get('db'), c.req.param('id'), c.get('identity'), c.req.valid('json').caption ?? '')),
  )
  .put(
    '/:id/live/hosts',
    doc({
      summary: 'Let the host go live, or not (the manager)',
      caller: 'member',
      errors: ['forbidden'],
      ok: { description: 'The live state', schema: answers.LiveStateSchema },
    }),
    valid('json', LiveHostsSchema),
    async (c) => c.json(await allowHostsLive(c.env, c.get('db'), c.req.param('id'), c.get('identity'), c.req.valid('json').allowed)),
  )
  // A guest's own recap (ADR 046): also once the party is over, when the routes above refuse her.
  .get(
    '/:id/recap',
    doc({ summary: "A guest's own recap of the party (also once it is over)", caller: 'member', errors: ['forbidden'], ok: { schema: answers.RecapSchema } }),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'), { evenEnded: true });
      return c.json(await guestRecap(c.env, c.get('db'), party, member));
    },
  )
  .put(
    '/:id/host',
    doc({ summary: "Make a guest the party's host", caller: 'member', errors: ['forbidden', 'notMember'], ok: 204 }),
    valid('json', MakeHostSchema),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      await moderation.makeHost(c.env, c.get('db'), party, member, c.req.valid('json').guestId);
      return c.body(null, 204);
    },
  )
  // Reports of abuse (ADR 064): any member files one; the manager and the host read and resolve them.
  .post(
    '/:id/reports',
    doc({
      summary: "Report a message, or its sender, to the party's manager (a report of the manager goes to the operator)",
      description: 'The reporter is never named to anyone in the party. A repeat report of the same target is the same report.',
      caller: 'member',
      errors: ['messageNotFound', 'reportSelf', 'rateLimited', 'notMember'],
      ok: { status: 201, description: 'The report filed', schema: answers.ReportIdSchema },
    }),
    valid('json', NewReportSchema),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      return c.json(await reports.fileReport(c.env, c.get('db'), party, member, c.req.valid('json')), 201);
    },
  )
  .get(
    '/:id/reports',
    doc({
      summary: "The party's open reports (the manager and the host; never one of themselves)",
      caller: 'member',
      errors: ['forbidden'],
      ok: { description: 'The open reports, without their reporters', schema: z.array(answers.PartyReportSchema) },
    }),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      return c.json(await reports.partyReports(c.env, party, member));
    },
  )
  .post(
    '/:id/reports/:reportId',
    doc({
      summary: 'Resolve a report: delete the message, remove the guest, or dismiss it',
      caller: 'member',
      errors: ['forbidden', 'reportNotFound', 'notMember'],
      ok: 204,
    }),
    valid('json', ResolveReportSchema),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      await reports.resolveReport(c.env, c.get('db'), party, member, c.req.param('reportId'), c.req.valid('json').action);
      return c.body(null, 204);
    },
  )
  .delete(
    '/:id/removeGuest/:guestId',
    doc({ summary: 'Remove a guest from the party', caller: 'member', errors: ['forbidden', 'notMember'], ok: 204 }),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      await moderation.removeGuest(c.env, c.get('db'), party, member, c.req.param('guestId'));
      return c.body(null, 204);
    },
  )
  // Managers and hosts switch writing for guests on and off (the full party edit is the manager's).
  .put(
    '/:id/restriction',
    doc({ summary: "Switch guests' writing on or off (manager and host)", caller: 'member', errors: ['forbidden'], ok: 204 }),
    valid('json', RestrictionSchema),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      await moderation.setRestriction(c.env, c.get('db'), party, member, c.req.valid('json').restrictedMessaging);
      return c.body(null, 204);
    },
  )
  // Web Push for this member of this party (worker/services/push.ts); any member, for their own devices.
  .put(
    '/:id/subscribe',
    doc({ summary: 'Subscribe this device to Web Push for the party', caller: 'member', errors: ['invalidPushSubscription', 'pushEndpointRefused'], ok: 204 }),
    valid('json', SubscribeSchema),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      const body = c.req.valid('json');
      if (body.id !== undefined && body.id !== party.id) throw new AppError('invalidInput');
      await push.subscribe(c.env, c.get('db'), party, member, body.pushToken, body.language ?? (await localeOf(c.req.raw)));
      return c.body(null, 204);
    },
  )
  .delete(
    '/:id/subscribe',
    doc({ summary: 'Unsubscribe a device', caller: 'member', errors: ['notFound'], ok: 204 }),
    valid('json', UnsubscribeSchema),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      await push.unsubscribe(c.get('db'), party.id, member, c.req.valid('json').endpoint);
      return c.body(null, 204);
    },
  )
  // Muting silences the party on all the member's devices; their subscriptions stay for unmuting.
  .get(
    '/:id/mute',
    doc({
      summary: 'Whether the party is muted for the asker',
      caller: 'member',
      ok: { schema: z.object({ muted: z.boolean() }) },
    }),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      return c.json({ muted: await push.isMuted(c.get('db'), party.id, member) });
    },
  )
  .put(
    '/:id/mute',
    doc({ summary: "Mute or unmute the party on all the asker's devices", caller: 'member', ok: 204 }),
    valid('json', MuteSchema),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      await push.mute(c.get('db'), party.id, member, c.req.valid('json').muted);
      return c.body(null, 204);
    },
  )
  .put(
    '/:id/changeName',
    doc({ summary: "Change the asker's name in the party", caller: 'member', errors: ['invalidName', 'forbidden'], ok: { schema: answers.MemberSchema } }),
    valid('json', ChangeNameSchema),
    async (c) => {
      const { party, member } = await requireMember(c, c.req.param('id'));
      return c.json(await moderation.changeName(c.env, c.get('db'), party, member, c.req.valid('json')));
    },
  )
  .delete('/:id/leave', doc({ summary: 'Leave the party', caller: 'member', errors: ['forbidden'], ok: 204 }), async (c) => {
    const { party, member } = await requireMember(c, c.req.param('id'));
    await moderation.leave(c.env, c.get('db'), party, member);
    return c.body(null, 204);
  })
  .get(
    '/:id/socket',
    doc({
      summary: "The party's WebSocket",
      description: 'A GET with `Upgrade: websocket`; the frames are app/core/protocol.ts. `?ticket=` from the join opens it without a database read (ADR 047).',
      caller: 'member',
      errors: ['badRequest'],
      ok: { status: 101 },
      parameters: [
        { in: 'query', name: 'ticket', required: false, schema: { type: 'string' } },
        { in: 'header', name: 'Upgrade', required: true, schema: { type: 'string', const: 'websocket' } },
      ],
    }),
    async (c) => {
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
    },
  );
