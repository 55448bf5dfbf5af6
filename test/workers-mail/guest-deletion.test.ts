import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { CodeSent, GuestAccount } from '../../app/core/guest-account';
import type { ChatMessage } from '../../app/core/messages';
import { SOCKET_CLOSE } from '../../app/core/protocol-version';
import type { PartyRoom } from '../../durable-objects/party-room';
import {
  ORIGIN,
  api,
  basic,
  connected,
  cookieNames,
  createConsultant,
  createParty,
  expectError,
  guestCookie,
  joinGuest,
  json,
  newClient,
  partyRoom,
  registerGuest,
  uploadGuestPicture,
  verifyCode,
} from '../workers/fixtures';
import type { Guest } from '../workers/fixtures';
import { claimed, codeOf, mailedCode, mailsTo, waitForMails } from './mail';

/**
 * A guest deletes her account herself (issue 41, ADR 053): a code mailed to her address (read back
 * from the local mail catcher), then the deletion with it, which takes her keys, address, picture,
 * push subscriptions, memberships and the rooms' copies of her, closes her sockets, and leaves her
 * messages in the parties under the name she wrote them with.
 */

const address = (who = 'gast') => `${who}-${crypto.randomUUID()}@salon.test`;

/** POST /api/guests/me/deletion: the answer, and the code from the mail it sent. */
async function deletionCode(
  headers: Record<string, string>,
  email: string,
  languageCode = 'de',
): Promise<{ challenge: string; code: string; subject: string }> {
  const before = await mailsTo(email);
  const response = await api('/guests/me/deletion', { method: 'POST', headers: { ...newClient(), ...headers }, body: { languageCode } });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(cookieNames(response)).toEqual(['salon_code']);
  const { challenge } = await json<CodeSent>(response);
  const mails = await waitForMails(email, before.length + 1);
  const mail = mails[mails.length - 1]!;
  return { challenge, code: codeOf(mail), subject: mail.subject };
}

const deletion = (headers: Record<string, string>, body: Record<string, unknown>) => api('/guests/me/deletion', { method: 'PUT', headers, body });

async function count(sql: string, ...values: unknown[]): Promise<number> {
  return (await env.DB.prepare(sql)
    .bind(...values)
    .first<number>('n'))!;
}

function roomOf(partyId: string) {
  return partyRoom(partyId);
}

describe('a guest deletes her account (ADR 053)', () => {
  it('with the code mailed to her: her keys, address, picture, push, memberships and the rooms’ copies of her go, her socket closes, her messages stay', async () => {
    const consultant = await createConsultant();
    const [first, second, removedFrom] = [
      await createParty(consultant, { title: 'Erste' }),
      await createParty(consultant, { title: 'Zweite' }),
      await createParty(consultant, { title: 'Entfernt' }),
    ];
    const nora = await joinGuest(first.id, { firstName: 'Nora', lastName: 'Nord' });
    const email = address('nora');
    await claimed(nora, email);
    const picture = await json<GuestAccount>(await uploadGuestPicture(nora.headers));
    const pictureKey = await env.DB.prepare('SELECT picture_key AS k FROM guests WHERE id = ?').bind(nora.guestId).first<string>('k');
    expect(pictureKey && (await env.MEDIA.head(pictureKey))).toBeTruthy();
    expect(picture.picture).not.toBeNull();
    for (const party of [second, removedFrom]) {
      expect((await api(`/parties/${party.id}/join`, { method: 'PUT', headers: nora.headers, body: { firstName: 'Nora', lastName: 'N.' } })).status).toBe(200);
    }
    const said = await api(`/parties/${second.id}/chat`, { method: 'POST', headers: nora.headers, body: { message: 'Bis bald!', messageType: 'text' } });
    expect(said.status).toBe(201);
    const { id: messageId } = await json<{ id: string }>(said);
    expect((await api(`/parties/${removedFrom.id}/removeGuest/${nora.guestId}`, { method: 'DELETE', headers: consultant.headers })).status).toBe(204);
    const endpoint = `https://push.test/deletion/${crypto.randomUUID()}`;
    const keys = { p256dh: 'BFPfZx6myCqQxaoGsBrNHK25WZIP2tOXLgtWtg7VAln7FelHzTC-VaPfxauTdIZiiXGWEjGAu3Q3uefqoM2jogA', auth: 'c2Fsb24tbWF0cml4LWF1dA' };
    const pushed = await api(`/parties/${first.id}/subscribe`, {
      method: 'PUT',
      headers: nora.headers,
      body: { pushToken: { endpoint, expirationTime: null, keys } },
    });
    expect(pushed.status).toBe(204);
    expect((await api(`/parties/${first.id}/mute`, { method: 'PUT', headers: nora.headers, body: { muted: true } })).status).toBe(204);
    // A name-only identity her account took in on her tablet (ADR 052), a member of a party of its own.
    const tablet = await joinGuest(first.id, { firstName: 'Nora', lastName: 'Tablet' });
    const { code: loginCode, challenge: loginChallenge } = await mailedCode(email);
    const signedIn = await verifyCode(email, loginCode, loginChallenge, tablet.headers);
    expect(signedIn.status).toBe(200);
    const otherDevice = await json<{ id: string; secretKey: string }>(signedIn);
    const { socket } = await connected(first.id, nora.headers);

    // The code in her language; a wrong one, none, or another purpose's deletes nothing.
    const asked = await deletionCode(nora.headers, email);
    expect(asked.subject).toBe('Salon: dein Code zum Löschen des Gastkontos');
    const wrong = String((Number(asked.code) + 1) % 1_000_000).padStart(6, '0');
    await expectError(await deletion(nora.headers, { code: wrong, challenge: asked.challenge }), 400, 'codeInvalid');
    await expectError(await deletion(nora.headers, {}), 400, 'codeInvalid');
    const loginOnly = await mailedCode(email);
    await expectError(await deletion(nora.headers, { code: loginOnly.code, challenge: loginOnly.challenge }), 400, 'codeInvalid');
    expect(await count('SELECT COUNT(*) AS n FROM guests WHERE id = ?', nora.guestId)).toBe(1);

    // The right code, with the challenge from the browser's cookie.
    const response = await deletion(
      { ...guestCookie(nora), Cookie: `${guestCookie(nora).Cookie}; salon_code=${asked.challenge}`, Origin: ORIGIN },
      { code: asked.code },
    );
    expect(response.status, await response.clone().text()).toBe(204);
    expect(
      response.headers
        .getSetCookie()
        .filter((cookie) => /Max-Age=0/.test(cookie))
        .map((cookie) => cookie.split('=')[0]),
    ).toEqual(['salon_guest', 'salon_code']);
    expect(await socket.closedWith(1000)).toMatchObject({ code: SOCKET_CLOSE.left });

    // Every row of her and of the identity her account took in.
    const ids = [nora.guestId, tablet.guestId];
    for (const [table, column] of [
      ['guests', 'id'],
      ['guest_keys', 'guest_id'],
      ['guest_codes', 'guest_id'],
      ['party_members', 'guest_id'],
      ['push_subscriptions', 'member_id'],
      ['push_mutes', 'member_id'],
      ['push_windows', 'member_id'],
    ] as const) {
      expect(await count(`SELECT COUNT(*) AS n FROM ${table} WHERE ${column} IN (?, ?)`, ...ids), table).toBe(0);
    }
    expect(await count('SELECT COUNT(*) AS n FROM guests WHERE email = ?', email)).toBe(0);
    expect(await env.MEDIA.head(pictureKey!)).toBeNull();
    // Every device of hers is signed out.
    for (const headers of [nora.headers, basic(otherDevice.id, otherDevice.secretKey)])
      await expectError(await api('/guests/me', { headers }), 401, 'unauthorized');
    // The rooms forgot her, the removed membership too; her message stays, under the name she wrote it with.
    for (const party of [first, second, removedFrom]) {
      const known = await runInDurableObject(roomOf(party.id), (room: PartyRoom) => ids.some((id) => room.store.members.has(id)));
      expect(known, `room of ${party.id}`).toBe(false);
    }
    const history = await json<{ messages: ChatMessage[] }>(await api(`/parties/${second.id}/chat`, { headers: consultant.headers }));
    expect(history.messages.find((message) => message.id === messageId)).toMatchObject({ message: 'Bis bald!', senderName: 'Nora N.' });
    const guests = await json<{ id: string }[]>(await api(`/parties/${first.id}/guests`, { headers: consultant.headers }));
    expect(guests.map((guest) => guest.id)).toEqual([]);
    // The address is free again: it signs into nothing.
    expect((await api('/auth/login', { method: 'POST', headers: newClient(), body: { email } })).status).toBe(200);
  });

  it("a code is bound to the guest who asked: another guest's does not delete her", async () => {
    const [anna, berta] = [await registerGuest({ firstName: 'Anna', lastName: 'A' }), await registerGuest({ firstName: 'Berta', lastName: 'B' })];
    const [annas, bertas] = [address('anna'), address('berta')];
    await claimed(anna, annas);
    await claimed(berta, bertas);
    const forBerta = await deletionCode(berta.headers, bertas, 'en');
    expect(forBerta.subject).toBe('Salon: your code to delete your guest account');
    await expectError(await deletion(anna.headers, { code: forBerta.code, challenge: forBerta.challenge }), 400, 'codeInvalid');
    expect(await count('SELECT COUNT(*) AS n FROM guests WHERE id IN (?, ?)', anna.guestId, berta.guestId)).toBe(2);
    // Anna's try counted against the code, as every try does (five at most): three more wrong ones leave it working.
    for (let n = 0; n < 3; n++) await expectError(await deletion(berta.headers, { code: '000000', challenge: forBerta.challenge }), 400, 'codeInvalid');
    expect((await deletion(berta.headers, { code: forBerta.code, challenge: forBerta.challenge })).status).toBe(204);
    expect(await count('SELECT COUNT(*) AS n FROM guests WHERE id IN (?, ?)', anna.guestId, berta.guestId)).toBe(1);
  });

  it('a guest without an address: no code to ask for (noAddress), and her key alone deletes her', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const lena: Guest = await joinGuest(party.id, { firstName: 'Lena', lastName: 'Lang' });
    await expectError(await api('/guests/me/deletion', { method: 'POST', headers: lena.headers, body: {} }), 409, 'noAddress');
    const { socket } = await connected(party.id, lena.headers);
    expect((await deletion(lena.headers, {})).status).toBe(204);
    expect(await socket.closedWith(1000)).toMatchObject({ code: SOCKET_CLOSE.left });
    expect(await count('SELECT COUNT(*) AS n FROM guests WHERE id = ?', lena.guestId)).toBe(0);
    await expectError(await deletion(lena.headers, {}), 401, 'unauthorized');
  });
});
