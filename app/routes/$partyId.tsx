import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { EndedOnLoad } from '~/components/party/ended-panel';
import type { SignedInGuest } from '~/components/party/join-dialog';
import { Party } from '~/components/party/party-screen';
import { ENDED_BY_ERROR } from '~/core/chat-state';
import type { Ended } from '~/core/chat-state';
import { isAppError } from '~/core/errors';
import type { ErrorCode } from '~/core/errors';
import type { PartyInfo } from '~/core/party';
import { isShortId } from '~/core/party';
import { JoinPartySchema, firstErrorCode } from '~/core/schemas';
import { inRecordingDocument } from '~/lib/microphone';

/**
 * Guests open this page on their phones: it loads only the party's part of the texts. Voice
 * messages are recorded here: its policy allows the microphone (app/lib/microphone.ts).
 */
export const handle = { texts: 'party', microphone: true };
export const clientLoader = inRecordingDocument;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && 'party' in data && data.party ? `${data.party.title} · Salon` : 'Salon' },
  { name: 'robots', content: 'noindex' },
];

/** `kept`: whose outbox on this device belongs to this party, to show what it holds as not sent. */
type LoaderData =
  | { state: 'ok'; party: PartyInfo; guest?: SignedInGuest; socketTicket?: string }
  | { state: 'ended'; reason: Ended; kept?: { partyId: string; memberId: string } };

function endedBy(error: unknown): { reason: Ended; status: number } | null {
  if (!isAppError(error)) return null;
  const reason = ENDED_BY_ERROR[error.code];
  return reason ? { reason, status: error.status } : null;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shortId = params.partyId ?? '';
  if (!isShortId(shortId)) return data<LoaderData>({ state: 'ended', reason: 'notFound' }, { status: 404 });
  try {
    // One round trip for a guest (ADR 049); a guest signed in here who is not yet a member joins with her account's names.
    const { party, joiningAs: guest, room } = await context.services.parties.openParty(context.db, shortId, context.identity);
    const consultant = context.identity.consultant;
    if (party.me?.role === 'manager' && consultant) await context.services.parties.markEntered(context.db, party, consultant.userId);
    // A member guest's socket, opened within the minute, skips its D1 read (ADR 047).
    const socketTicket = party.me
      ? await context.services.socketTicketFor(context.env.SOCKET_TICKET_SECRET, request, room, party.me, { fresh: null, checked: context.identity.guest })
      : null;
    return data<LoaderData>({ state: 'ok', party, ...(guest ? { guest } : {}), ...(socketTicket ? { socketTicket } : {}) });
  } catch (error) {
    const ended = endedBy(error);
    if (!ended) throw error;
    const kept = ended.reason === 'expired' ? await context.services.parties.memberByShortId(context.db, shortId, context.identity) : null;
    return data<LoaderData>({ state: 'ended', reason: ended.reason, ...(kept ? { kept } : {}) }, { status: ended.status });
  }
}

/** Joining from the page: the same domain function as `PUT /api/parties/{id}/join`. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const parsed = JoinPartySchema.safeParse({
    firstName: form.get('firstName') ?? '',
    lastName: form.get('lastName') ?? '',
    password: form.get('password') ?? undefined,
  });
  if (!parsed.success) return data({ ok: false as const, code: firstErrorCode(parsed.error) }, { status: 400 });
  const { parties, cookies } = context.services;
  try {
    const client = request.headers.get('CF-Connecting-IP') ?? 'local';
    // The party by its link, read in the join's own round trip (ADR 049).
    const later = (work: Promise<unknown>) => context.ctx.waitUntil(work);
    const result = await parties.joinParty(context.env, context.db, { shortId: params.partyId ?? '' }, context.identity, parsed.data, client, later);
    // The link's read at the request's start (ADR 049) knew her before she joined: a form posted
    // without script gets the page in this same request, whose loader must read her membership anew.
    context.identity.partyPage = null;
    const headers = new Headers();
    if (result.credentials) {
      headers.append('Set-Cookie', cookies.guestCookie(request, result.credentials));
    }
    return data({ ok: true as const }, { headers });
  } catch (error) {
    if (isAppError(error)) return data({ ok: false as const, code: error.code as ErrorCode }, { status: error.status });
    throw error;
  }
}

export default function PartyPage() {
  const loaded = useLoaderData<typeof loader>();
  return loaded.state === 'ok' ? (
    <Party party={loaded.party} guest={loaded.guest ?? null} socketTicket={loaded.socketTicket ?? null} />
  ) : (
    <EndedOnLoad reason={loaded.reason} kept={loaded.kept} />
  );
}
