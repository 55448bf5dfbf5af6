import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CodeSent, GuestAccount, GuestParty, GuestSignIn } from '../../app/core/guest-account';
import { GUEST_CODE, GUEST_CODE_PATTERN } from '../../app/core/guest-account';
import { SOCKET_CLOSE } from '../../app/core/protocol-version';
import { addressHash } from '../../worker/services/guest-accounts';
import { PICTURES } from '../fixtures/images';
import {
  ORIGIN,
  api,
  basic,
  cookiePair,
  createConsultant,
  createParty,
  expectError,
  guestCookie,
  joinGuest,
  json,
  connected,
  registerGuest,
  requestCode,
  textMessage,
  uploadGuestPicture,
  verifyCode,
} from '../workers/fixtures';
import type { Guest } from '../workers/fixtures';
import type { CaughtMail } from './mail';
import { claimed, mailedCode, mailsTo, settle } from './mail';

/**
 * Guest accounts end to end on the real path (ADR 034): the codes are mailed over SMTP to the real
 * local mail catcher and read back from it, then typed in as a guest would. Every address is new,
 * and every code request comes from a client address of its own (requestCode), so the send limits
 * (test/workers/guest-accounts.test.ts) meet no test here.
 */

const address = (who = 'gast') => `${who}-${crypto.randomUUID()}@salon.test`;

/** A wrong code for `code`: the same shape, another number. */
const wrong = (code: string, n = 1) => String((Number(code) + n) % 10 ** GUEST_CODE.digits).padStart(GUEST_CODE.digits, '0');

async function signedIn(response: Response): Promise<GuestSignIn> {
  expect(response.status, await response.clone().text()).toBe(200);
  return json<GuestSignIn>(response);
}

async function me(headers: Record<string, string>): Promise<GuestAccount> {
  const response = await api('/guests/me', { headers });
  expect(response.status, await response.clone().text()).toBe(200);
  return json<GuestAccount>(response);
}

async function putPicture(headers: Record<string, string>): Promise<GuestAccount> {
  const response = await uploadGuestPicture(headers);
  expect(response.status, await response.clone().text()).toBe(200);
  return json<GuestAccount>(response);
}

describe('signing in with a mailed code', () => {
  it("the code is six digits, mailed in the request's language; the right code signs in: credentials, the guest cookie, and both work", async () => {
    const gerda = await registerGuest({ firstName: 'Gerda', lastName: 'Gast' });
    const email = address();
    await claimed(gerda, email);

    const german = await mailedCode(email, { languageCode: 'de' });
    expect(german.code).toMatch(GUEST_CODE_PATTERN);
    expect(german.mail).toMatchObject({ from: env.MAIL_FROM, to: [email], subject: 'Salon: dein Anmeldecode' });
    expect(german.mail.text).toContain('mit diesem Code meldest du dich als Gast bei Salon an:');
    expect(german.mail.text).toContain('Der Code gilt 10 Minuten und nur einmal.');
    expect(german.mail.html).toContain(german.code);
    const english = await mailedCode(email, { languageCode: 'en' });
    expect(english.mail.subject).toBe('Salon: your sign-in code');
    expect(english.mail.text).toContain('The code works for 10 minutes and only once.');
    // Without a language code (or with one Salon does not speak), the request's language.
    const browser = await mailedCode(email, { languageCode: 'xx', headers: { 'Accept-Language': 'en-GB,en;q=0.9' } });
    expect(browser.mail.subject).toBe('Salon: your sign-in code');
    for (const { code, mail } of [german, english, browser]) expect(mail.subject).not.toContain(code);

    const response = await verifyCode(email.toUpperCase(), browser.code, browser.challenge);
    const body = await signedIn(response.clone());
    expect(body).toEqual({
      id: gerda.guestId,
      secretKey: expect.any(String),
      guest: { id: gerda.guestId, firstName: 'Gerda', lastName: 'Gast', email, picture: null },
    });
    expect(body.secretKey).not.toBe(gerda.secretKey);
    const cookie = response.headers.getSetCookie().find((set) => set.startsWith('salon_guest='))!;
    expect(cookie.split(';').map((part) => part.trim())).toEqual(expect.arrayContaining(['HttpOnly', 'Path=/', 'SameSite=Lax', 'Secure']));
    expect(cookiePair(response, 'salon_guest')).toBe(`salon_guest=${encodeURIComponent(`${body.id}.${body.secretKey}`)}`);
    // The code cookie is cleared.
    expect(response.headers.getSetCookie().find((set) => set.startsWith('salon_code='))).toMatch(/Max-Age=0/);

    expect(await me(basic(body.id, body.secretKey))).toEqual(body.guest);
    expect(await me({ Cookie: cookiePair(response, 'salon_guest') })).toEqual(body.guest);
    // The first device stays signed in.
    expect(await me(gerda.headers)).toEqual(body.guest);
  });

  it("a browser's verification: the challenge from the code cookie; the secret only in the cookie, which replaces the one before", async () => {
    const gerda = await registerGuest();
    const email = address();
    await claimed(gerda, email);
    const other = await registerGuest({ firstName: 'Olga', lastName: 'Anders' });
    const { cookie, code } = await mailedCode(email);
    const response = await verifyCode(email, code, undefined, { Cookie: `${cookie}; ${guestCookie(other).Cookie}`, Origin: ORIGIN });
    expect(response.status, await response.clone().text()).toBe(200);
    const body = await json<Omit<GuestSignIn, 'secretKey'>>(response.clone());
    expect(body).toEqual({ id: gerda.guestId, guest: expect.objectContaining({ id: gerda.guestId, email }) });
    const signedInCookie = cookiePair(response, 'salon_guest');
    expect(signedInCookie).not.toBe(guestCookie(other).Cookie);
    expect(await me({ Cookie: signedInCookie })).toMatchObject({ id: gerda.guestId });
  });

  it('a wrong code: codeInvalid; after five wrong tries even the right code fails; four wrong tries leave it working', async () => {
    const gerda = await registerGuest();
    const email = address();
    await claimed(gerda, email);

    const first = await mailedCode(email);
    for (let n = 1; n <= GUEST_CODE.triesMax; n++) await expectError(await verifyCode(email, wrong(first.code, n), first.challenge), 400, 'codeInvalid');
    await expectError(await verifyCode(email, first.code, first.challenge), 400, 'codeInvalid');

    const second = await mailedCode(email);
    for (let n = 1; n < GUEST_CODE.triesMax; n++) await expectError(await verifyCode(email, wrong(second.code, n), second.challenge), 400, 'codeInvalid');
    expect((await signedIn(await verifyCode(email, second.code, second.challenge))).id).toBe(gerda.guestId);
  });

  it('parallel guesses cannot pass the try limit, and the right code sent twice at once signs in once', async () => {
    const gerda = await registerGuest();
    const email = address();
    await claimed(gerda, email);
    const guessed = await mailedCode(email);
    const guesses = await Promise.all(
      Array.from({ length: 2 * GUEST_CODE.triesMax }, (_, n) => verifyCode(email, wrong(guessed.code, n + 1), guessed.challenge)),
    );
    expect(guesses.map((response) => response.status)).toEqual(guesses.map(() => 400));
    await expectError(await verifyCode(email, guessed.code, guessed.challenge), 400, 'codeInvalid');

    const twice = await mailedCode(email);
    const statuses = (await Promise.all([1, 2].map(() => verifyCode(email, twice.code, twice.challenge)))).map((response) => response.status).sort();
    expect(statuses).toEqual([200, 400]);
  });

  it('a code works once', async () => {
    const gerda = await registerGuest();
    const email = address();
    await claimed(gerda, email);
    const { code, challenge } = await mailedCode(email);
    expect((await signedIn(await verifyCode(email, code, challenge))).id).toBe(gerda.guestId);
    await expectError(await verifyCode(email, code, challenge), 400, 'codeInvalid');
  });

  it('an expired code fails', async () => {
    const gerda = await registerGuest();
    const email = address();
    await claimed(gerda, email);
    const { code, challenge } = await mailedCode(email);
    const expired = await env.DB.prepare("UPDATE guest_codes SET expires_at = ? WHERE address_hash = ? AND purpose = 'login'")
      .bind(Date.now() - 1, await addressHash(email))
      .run();
    expect(expired.meta.changes).toBe(1);
    await expectError(await verifyCode(email, code, challenge), 400, 'codeInvalid');
  });

  it('a new code replaces the one mailed before', async () => {
    const gerda = await registerGuest();
    const email = address();
    await claimed(gerda, email);
    const first = await mailedCode(email);
    const second = await mailedCode(email);
    await expectError(await verifyCode(email, first.code, first.challenge), 400, 'codeInvalid');
    // The new code with the old request's challenge is not the new request.
    await expectError(await verifyCode(email, second.code, first.challenge), 400, 'codeInvalid');
    expect((await signedIn(await verifyCode(email, second.code, second.challenge))).id).toBe(gerda.guestId);
  });

  it("a code is bound to its request and its address: another request's challenge, a made-up one, or another address fail", async () => {
    const [gerda, olga] = await Promise.all([registerGuest(), registerGuest({ firstName: 'Olga', lastName: 'Anders' })]);
    const [gerdasAddress, olgasAddress] = [address('gerda'), address('olga')];
    await claimed(gerda, gerdasAddress);
    await claimed(olga, olgasAddress);
    const forGerda = await mailedCode(gerdasAddress);
    const forOlga = await mailedCode(olgasAddress);
    await expectError(await verifyCode(gerdasAddress, forGerda.code, forOlga.challenge), 400, 'codeInvalid');
    await expectError(await verifyCode(gerdasAddress, forGerda.code, 'A'.repeat(43)), 400, 'codeInvalid');
    await expectError(await verifyCode(olgasAddress, forGerda.code, forGerda.challenge), 400, 'codeInvalid');
    // Without any challenge (no body field, no cookie) nothing is bound.
    await expectError(await verifyCode(gerdasAddress, forGerda.code), 400, 'codeInvalid');
    expect((await signedIn(await verifyCode(gerdasAddress, forGerda.code, forGerda.challenge))).id).toBe(gerda.guestId);
    expect((await signedIn(await verifyCode(olgasAddress, forOlga.code, forOlga.challenge))).id).toBe(olga.guestId);
  });

  it('an address nobody has: the same answer, and no mail', async () => {
    const nobody = address('niemand');
    const response = await requestCode(nobody);
    expect(response.status).toBe(200);
    expect(Object.keys(await json(response))).toEqual(['challenge']);
    await settle();
    expect(await mailsTo(nobody)).toEqual([]);
  });
});

describe('claiming an address: the account follows her to another device', () => {
  it('join by name, picture, push, claim; on a second device the code brings back the same guest, names, picture, parties and subscriptions', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const maria = await joinGuest(party.id, { firstName: 'Maria', lastName: 'Klein' });
    const withPicture = await putPicture(maria.headers);
    expect(withPicture.picture).toEqual(expect.stringMatching(new RegExp(`^/api/guests/${maria.guestId}/picture\\?v=`)));
    const endpoint = `https://push.test/guest-codes/${crypto.randomUUID()}`;
    const subscribed = await api(`/parties/${party.id}/subscribe`, {
      method: 'PUT',
      headers: maria.headers,
      body: {
        pushToken: {
          endpoint,
          expirationTime: null,
          keys: { p256dh: 'BFPfZx6myCqQxaoGsBrNHK25WZIP2tOXLgtWtg7VAln7FelHzTC-VaPfxauTdIZiiXGWEjGAu3Q3uefqoM2jogA', auth: 'c2Fsb24tbWF0cml4LWF1dA' },
        },
      },
    });
    expect(subscribed.status).toBe(204);

    const email = address('maria');
    expect(await me(maria.headers)).toMatchObject({ id: maria.guestId, email: null });
    const account = await claimed(maria, email.toUpperCase());
    expect(account).toEqual({ id: maria.guestId, firstName: 'Maria', lastName: 'Klein', email, picture: withPicture.picture });

    // The second device: no cookie, no credentials; only the address and the mailed code.
    const { code, challenge } = await mailedCode(email);
    const phone = await signedIn(await verifyCode(email, code, challenge));
    expect(phone.id).toBe(maria.guestId);
    expect(phone.guest).toEqual(account);
    const phoneHeaders = basic(phone.id, phone.secretKey);
    const parties = await json<GuestParty[]>(await api('/guests/me/parties', { headers: phoneHeaders }));
    expect(parties).toEqual([expect.objectContaining({ id: party.id, shortId: party.shortId, firstName: 'Maria', lastName: 'Klein', expired: false })]);
    expect((await json(await api(`/parties/${party.shortId}`, { headers: phoneHeaders }))).me).toMatchObject({ id: maria.guestId, role: 'guest' });
    const picturePng = await api(`/guests/${maria.guestId}/picture`, { headers: phoneHeaders });
    expect(new Uint8Array(await picturePng.arrayBuffer())).toEqual(PICTURES['image/png']);
    // Her subscriptions are hers, whichever device asks: the push goes on reaching the first.
    const subscriptions = await env.DB.prepare('SELECT endpoint FROM push_subscriptions WHERE party_id = ? AND member_id = ?').bind(party.id, phone.id).all();
    expect(subscriptions.results).toEqual([{ endpoint }]);
    // Both devices are signed in.
    expect(await me(maria.headers)).toEqual(account);
    expect(await me(phoneHeaders)).toEqual(account);
    // The second device may end the first's subscription: it is hers.
    expect((await api(`/parties/${party.id}/subscribe`, { method: 'DELETE', headers: phoneHeaders, body: { endpoint } })).status).toBe(204);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM push_subscriptions WHERE endpoint = ?').bind(endpoint).first('n')).toBe(0);
  });

  it('an address that belongs to another guest: 409 emailTaken, and both stay as they were', async () => {
    const [anna, berta] = await Promise.all([registerGuest({ firstName: 'Anna', lastName: 'Alt' }), registerGuest({ firstName: 'Berta', lastName: 'Neu' })]);
    const email = address('anna');
    const annas = await claimed(anna, email);
    const bertas = await me(berta.headers);
    // The code goes to the address (its owner learns someone tried); typing it in is refused.
    const { code, challenge } = await mailedCode(email.toUpperCase(), { claim: true, headers: berta.headers });
    await expectError(await api(`/auth/claim/${code}`, { method: 'PUT', headers: berta.headers, body: { challenge } }), 409, 'emailTaken');
    expect(await me(anna.headers)).toEqual(annas);
    expect(await me(berta.headers)).toEqual(bertas);
    expect(bertas.email).toBeNull();
    const again = await mailedCode(email);
    expect((await signedIn(await verifyCode(email, again.code, again.challenge))).id).toBe(anna.guestId);
  });

  it('a claim code is bound to the guest who asked, and works once', async () => {
    const [anna, berta] = await Promise.all([registerGuest({ firstName: 'Anna', lastName: 'Alt' }), registerGuest({ firstName: 'Berta', lastName: 'Neu' })]);
    const email = address('anna');
    const { code, challenge } = await mailedCode(email, { claim: true, headers: anna.headers });
    await expectError(await api(`/auth/claim/${code}`, { method: 'PUT', headers: berta.headers, body: { challenge } }), 400, 'codeInvalid');
    await expectError(await api(`/auth/claim/${wrong(code)}`, { method: 'PUT', headers: anna.headers, body: { challenge } }), 400, 'codeInvalid');
    expect(await me(berta.headers)).toMatchObject({ email: null });
    const response = await api(`/auth/claim/${code}`, { method: 'PUT', headers: anna.headers, body: { challenge } });
    expect(response.status).toBe(200);
    expect(await json<GuestAccount>(response)).toMatchObject({ id: anna.guestId, email });
    await expectError(await api(`/auth/claim/${code}`, { method: 'PUT', headers: anna.headers, body: { challenge } }), 400, 'codeInvalid');
  });
});

describe('a device keeps every guest identity it held (ADR 052)', () => {
  /** The mailed code typed in on a device that sends `headers` (its guest, if any). */
  async function signInOn(email: string, headers: Record<string, string> = {}): Promise<GuestSignIn & { headers: Record<string, string> }> {
    const { code, challenge } = await mailedCode(email);
    const body = await signedIn(await verifyCode(email, code, challenge, headers));
    return { ...body, headers: basic(body.id, body.secretKey) };
  }

  async function say(partyId: string, headers: Record<string, string>, message: string): Promise<{ id: string; sender: string }> {
    const response = await api(`/parties/${partyId}/chat`, { method: 'POST', headers, body: { message, messageType: 'text' } });
    expect(response.status, await response.clone().text()).toBe(201);
    return json(response);
  }

  it('signing in takes the name-only guest the device held into the account: her parties, their history and her own messages stay hers, on this device and every other', async () => {
    const consultant = await createConsultant();
    const [byName, ofAccount] = [await createParty(consultant, { title: 'Beim Namen' }), await createParty(consultant, { title: 'Mit Konto' })];
    // On her phone she joined a party by name and wrote in it.
    const phone = await joinGuest(byName.id, { firstName: 'Rosa', lastName: 'Rot' });
    const written = await say(byName.id, phone.headers, 'Ich bin dabei!');
    expect(written.sender).toBe(phone.guestId);
    // Elsewhere she has an account, a member of another party.
    const email = address('rosa');
    const account = await registerGuest({ firstName: 'Rosa', lastName: 'Rot' });
    await claimed(account, email);
    expect((await api(`/parties/${ofAccount.id}/join`, { method: 'PUT', headers: account.headers, body: { firstName: 'Rosa', lastName: 'R.' } })).status).toBe(
      200,
    );

    // The phone signs in with the account.
    const signed = await signInOn(email, phone.headers);
    expect(signed.id).toBe(account.guestId);
    // The phone's old key stops working: the phone holds the account now.
    await expectError(await api('/guests/me', { headers: phone.headers }), 401, 'unauthorized');

    // Both parties are hers, on the phone and on a device signed in later.
    const later = await signInOn(email);
    for (const device of [signed.headers, later.headers]) {
      const parties = await json<GuestParty[]>(await api('/guests/me/parties', { headers: device }));
      expect(parties.map((party) => [party.id, party.firstName, party.lastName]).sort()).toEqual(
        [
          [byName.id, 'Rosa', 'Rot'],
          [ofAccount.id, 'Rosa', 'R.'],
        ].sort(),
      );
      // In the party she joined by name she is who she was there, and her message is hers.
      const info = await json<{ me: { id: string; role: string } }>(await api(`/parties/${byName.shortId}`, { headers: device }));
      expect(info.me).toMatchObject({ id: phone.guestId, role: 'guest' });
      const history = await json<{ messages: { id: string; sender: string; message: string }[] }>(await api(`/parties/${byName.id}/chat`, { headers: device }));
      expect(history.messages.find((message) => message.id === written.id)).toMatchObject({
        sender: phone.guestId,
        message: expect.stringMatching(/^Ich bin dabei!/),
      });
      // She edits it as its author.
      const edited = await api(`/parties/${byName.id}/editMessage`, {
        method: 'PUT',
        headers: device,
        body: { messageId: written.id, message: `Ich bin dabei! ${device === later.headers ? '🎉' : '🙂'}` },
      });
      expect(edited.status, await edited.clone().text()).toBe(200);
    }
    // Her socket there is hers too: she writes as herself, and signing out everywhere closes it.
    const { socket, welcome } = await connected(byName.id, later.headers);
    expect(welcome.me).toMatchObject({ id: phone.guestId });
    socket.send(textMessage('Vom Laptop'));
    expect((await socket.next('ack')).message.sender).toBe(phone.guestId);
    expect((await api('/guests/logout', { method: 'POST', headers: signed.headers })).status).toBe(204);
    expect(await socket.closedWith(1000)).toMatchObject({ code: SOCKET_CLOSE.signedOut });
    // The manager sees one Rosa in the party she joined by name, as before.
    const guests = await json<{ id: string }[]>(await api(`/parties/${byName.id}/guests`, { headers: consultant.headers }));
    expect(guests.map((guest) => guest.id)).toEqual([phone.guestId]);
  });

  it('registering on a device that holds a name-only guest registers her: the same guest under the names given, with a new key; the address she claims then keeps her parties', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const phone = await joinGuest(party.id, { firstName: 'Lena', lastName: 'Lang' });
    const registered = await api('/guests/register', { method: 'POST', headers: phone.headers, body: { firstName: 'Lena', lastName: 'Lang-Berg' } });
    const body = await signedIn(registered);
    expect(body).toMatchObject({ id: phone.guestId, guest: { id: phone.guestId, firstName: 'Lena', lastName: 'Lang-Berg', email: null } });
    expect(body.secretKey).not.toBe(phone.secretKey);
    await expectError(await api('/guests/me', { headers: phone.headers }), 401, 'unauthorized');
    const now = { guestId: body.id, secretKey: body.secretKey, headers: basic(body.id, body.secretKey) };
    const email = address('lena');
    await claimed(now, email);
    const elsewhere = await signInOn(email);
    expect(elsewhere.id).toBe(phone.guestId);
    expect((await json<GuestParty[]>(await api('/guests/me/parties', { headers: elsewhere.headers }))).map((each) => each.id)).toEqual([party.id]);
    // A browser's registration works the same, its cookie replaced by the new key's.
    const other = await joinGuest(party.id, { firstName: 'Olga', lastName: 'Ost' });
    const byBrowser = await api('/guests/register', {
      method: 'POST',
      headers: { ...guestCookie(other), Origin: ORIGIN },
      body: { firstName: 'Olga', lastName: 'Ost' },
    });
    expect(byBrowser.status).toBe(200);
    expect(await json(byBrowser.clone())).toEqual({ id: other.guestId, guest: expect.objectContaining({ id: other.guestId }) });
    expect(await me({ Cookie: cookiePair(byBrowser, 'salon_guest') })).toMatchObject({ id: other.guestId });
  });

  it('only a name-only guest is taken in: a device signed in with another address keeps that account as it is, and a device signed in as herself changes nothing', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const [anna, berta] = [await joinGuest(party.id, { firstName: 'Anna', lastName: 'A' }), await registerGuest({ firstName: 'Berta', lastName: 'B' })];
    const [annas, bertas] = [address('anna'), address('berta')];
    await claimed(anna, annas);
    await claimed(berta, bertas);
    // Berta signs in on Anna's device: Anna's account stays Anna's, with her party.
    expect((await signInOn(bertas, anna.headers)).id).toBe(berta.guestId);
    expect(await json<GuestParty[]>(await api('/guests/me/parties', { headers: (await signInOn(bertas)).headers }))).toEqual([]);
    const annaAgain = await signInOn(annas);
    expect((await json<GuestParty[]>(await api('/guests/me/parties', { headers: annaAgain.headers }))).map((each) => each.id)).toEqual([party.id]);
    // Signing in again as herself on a device that holds her: nothing is taken in, both keys work.
    const twice = await signInOn(annas, annaAgain.headers);
    expect(twice.id).toBe(anna.guestId);
    expect(await me(annaAgain.headers)).toMatchObject({ id: anna.guestId });
    const row = await env.DB.prepare('SELECT account_id FROM guests WHERE id = ?').bind(anna.guestId).first('account_id');
    expect(row).toBeNull();
  });

  it('taken in, she stays removed where she was removed, and where both were members she is her account', async () => {
    const consultant = await createConsultant();
    const [removed, both] = [await createParty(consultant, { title: 'Entfernt' }), await createParty(consultant, { title: 'Beide' })];
    const phone = await joinGuest(removed.id, { firstName: 'Mia', lastName: 'M' });
    expect((await api(`/parties/${both.id}/join`, { method: 'PUT', headers: phone.headers, body: { firstName: 'Mia', lastName: 'Handy' } })).status).toBe(200);
    expect((await api(`/parties/${removed.id}/removeGuest/${phone.guestId}`, { method: 'DELETE', headers: consultant.headers })).status).toBe(204);
    const email = address('mia');
    const account = await registerGuest({ firstName: 'Mia', lastName: 'M' });
    await claimed(account, email);
    expect((await api(`/parties/${both.id}/join`, { method: 'PUT', headers: account.headers, body: { firstName: 'Mia', lastName: 'Konto' } })).status).toBe(
      200,
    );
    const signed = await signInOn(email, phone.headers);
    await expectError(await api(`/parties/${removed.shortId}`, { headers: signed.headers }), 403, 'removed');
    await expectError(
      await api(`/parties/${removed.id}/join`, { method: 'PUT', headers: signed.headers, body: { firstName: 'Mia', lastName: 'M' } }),
      403,
      'removed',
    );
    const info = await json<{ me: { id: string; lastName: string } }>(await api(`/parties/${both.shortId}`, { headers: signed.headers }));
    expect(info.me).toMatchObject({ id: account.guestId, lastName: 'Konto' });
    const parties = await json<GuestParty[]>(await api('/guests/me/parties', { headers: signed.headers }));
    expect(parties.map((party) => [party.id, party.lastName])).toEqual([[both.id, 'Konto']]);
  });
});

describe('no code, challenge, secret or address in the logs', () => {
  const spies: ReturnType<typeof vi.spyOn>[] = [];
  afterEach(() => {
    for (const spy of spies.splice(0)) spy.mockRestore();
  });

  it('register, claim, sign in on another device, a wrong code, sign out: no code, challenge, secret or address reaches the console', async () => {
    const written: string[] = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      spies.push(
        vi
          .spyOn(console, method)
          .mockImplementation(
            (...args: unknown[]) =>
              void written.push(
                args.map((arg) => (arg instanceof Error ? `${arg.message} ${arg.stack}` : typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '),
              ),
          ),
      );
    }
    const secrets: string[] = [];
    const gerda = await registerGuest();
    secrets.push(gerda.secretKey);
    const email = address();
    secrets.push(email);
    const claim = await mailedCode(email, { claim: true, headers: gerda.headers });
    secrets.push(claim.code, claim.challenge);
    await expectError(
      await api(`/auth/claim/${wrong(claim.code)}`, { method: 'PUT', headers: gerda.headers, body: { challenge: claim.challenge } }),
      400,
      'codeInvalid',
    );
    expect((await api(`/auth/claim/${claim.code}`, { method: 'PUT', headers: gerda.headers, body: { challenge: claim.challenge } })).status).toBe(200);
    const login = await mailedCode(email);
    secrets.push(login.code, login.challenge);
    await expectError(await verifyCode(email, wrong(login.code), login.challenge), 400, 'codeInvalid');
    const phone = await signedIn(await verifyCode(email, login.code, login.challenge));
    secrets.push(phone.secretKey);
    expect((await api('/guests/logout', { method: 'POST', headers: basic(phone.id, phone.secretKey) })).status).toBe(204);
    await settle();
    // The spies hear the Worker: the mailer reports each connection to the relay.
    expect(written.length).toBeGreaterThan(0);
    const leaked = secrets.filter((secret) => written.some((line) => line.includes(secret)));
    expect(leaked, written.join('\n')).toEqual([]);
  });
});
