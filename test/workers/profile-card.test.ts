import { describe, expect, it } from 'vitest';
import { parseProfileCard } from '../../app/core/profile-card';
import { api, connected, createConsultant, createParty, expectError, joinGuest, json, textMessage } from './fixtures';

function post(partyId: string, headers: Record<string, string>, body: unknown): Promise<Response> {
  return api(`/parties/${partyId}/chat`, { method: 'POST', headers, body });
}

describe('profile cards', () => {
  it('the manager sends one of their profiles: the server builds the card, everyone gets it', async () => {
    const consultant = await createConsultant({ profiles: 2 });
    const party = await createParty(consultant, { manager: consultant.profileIds[0] });
    const update = await api(`/profile/${consultant.profileIds[1]}`, {
      method: 'PUT',
      headers: consultant.headers,
      body: {
        firstName: 'Mira',
        lastName: 'Schulz',
        phoneNo: '+49 170 1234567',
        email: 'mira@salon.test',
        website: 'https://mira.example',
        biography: 'Wellness und Pflege.',
        birthday: '1990-01-01',
        shopLink: 'https://shop.example',
      },
    });
    expect(update.status).toBe(200);
    const guest = await joinGuest(party.id);
    const maria = await connected(party.id, guest.headers);

    const response = await post(party.id, consultant.headers, { tempId: crypto.randomUUID(), messageType: 'profile', message: consultant.profileIds[1] });
    expect(response.status).toBe(201);
    const message = await json(response);
    expect(message).toMatchObject({ messageType: 'profile', sender: consultant.userId, senderType: 'manager' });
    const card = parseProfileCard(message.message);
    // What the public page shows, and nothing private (no birthday, no shop link, no ids).
    expect(card).toEqual({
      shortId: expect.stringMatching(/^[0-9A-Za-z]{12}$/),
      firstName: 'Mira',
      lastName: 'Schulz',
      phoneNo: '+49 170 1234567',
      email: 'mira@salon.test',
      website: 'https://mira.example',
      biography: 'Wellness und Pflege.',
      profilePic: null,
    });
    expect(message.message).not.toContain('1990');
    expect(message.message).not.toContain('shop.example');
    expect((await maria.socket.next('newMessage')).message).toEqual(message);
    maria.socket.close();
  });

  it('nobody else can send one, nor a card of someone else’s profile, nor a hand-made card over the socket', async () => {
    const consultant = await createConsultant();
    const stranger = await createConsultant({ name: 'Eve' });
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id);
    const before = await json(await api(`/parties/${party.id}/chat`, { headers: guest.headers }));

    await expectError(await post(party.id, guest.headers, { messageType: 'profile', message: consultant.profileIds[0] }), 403, 'forbidden');
    await expectError(await post(party.id, consultant.headers, { messageType: 'profile', message: stranger.profileIds[0] }), 404, 'profileNotFound');
    await expectError(await post(party.id, consultant.headers, { messageType: 'profile', message: 'not-an-id' }), 400, 'invalidInput');

    const manager = await connected(party.id, consultant.headers);
    const forged = JSON.stringify({
      shortId: 'x',
      firstName: 'Fake',
      lastName: 'Card',
      phoneNo: null,
      email: null,
      website: 'javascript:alert(1)',
      biography: null,
      profilePic: null,
    });
    manager.socket.send({ ...textMessage(forged), messageType: 'profile' });
    expect((await manager.socket.next('error')).code).toBe('invalidInput');
    expect(await json(await api(`/parties/${party.id}/chat`, { headers: guest.headers }))).toEqual(before);
    manager.socket.close();
  });

  it('a forwarded card stays a card', async () => {
    const consultant = await createConsultant();
    const [from, to] = [await createParty(consultant), await createParty(consultant, { title: 'Zweite' })];
    const sent = await json(await post(from.id, consultant.headers, { messageType: 'profile', message: consultant.profileIds[0] }));
    const forwarded = await api(`/parties/${from.id}/forward`, {
      method: 'POST',
      headers: consultant.headers,
      body: { messageIds: [sent.id], targetPartyId: to.id },
    });
    expect(await json(forwarded)).toEqual({ forwarded: 1 });
    const copies = (await json(await api(`/parties/${to.id}/chat`, { headers: consultant.headers }))).messages;
    expect(copies.map((m: any) => [m.messageType, m.message])).toEqual([['profile', sent.message]]);
  });
});
