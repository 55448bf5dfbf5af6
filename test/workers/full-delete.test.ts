import { describe, expect, it } from 'vitest';
import { markerOf } from '../../app/core/markers';
import { api, connected, createConsultant, createParty, expectError, joinGuest, json, textMessage } from './fixtures';

async function setup() {
  const consultant = await createConsultant();
  const party = await createParty(consultant);
  const guest = await joinGuest(party.id, { firstName: 'Ida', lastName: 'Sommer' });
  const manager = await connected(party.id, consultant.headers);
  const ida = await connected(party.id, guest.headers);
  ida.socket.send(textMessage('Ein Versehen'));
  const { message } = await ida.socket.next('ack');
  return { consultant, party, guest, manager: manager.socket, ida: ida.socket, message };
}

const deleteMessage = (partyId: string, headers: Record<string, string>, body: unknown) =>
  api(`/parties/${partyId}/deleteMessage`, { method: 'PUT', headers, body });

describe('PUT /api/parties/{id}/deleteMessage with fullDelete', () => {
  it("the manager's fullDelete leaves no placeholder: the message becomes the erased notice, for everyone and for history", async () => {
    const { consultant, party, manager, ida, message } = await setup();
    const response = await deleteMessage(party.id, consultant.headers, { messageId: message.id, fullDelete: true });
    expect(response.status).toBe(200);
    const erased = await json(response);
    expect(erased).toMatchObject({ id: message.id, deleted: true, messageType: 'text' });
    expect(markerOf(erased)).toBe('erased');
    for (const socket of [manager, ida]) {
      const event = await socket.next('updatedMessage', 3000, (e) => e.message.id === message.id);
      expect(markerOf(event.message)).toBe('erased');
    }
    const history = await json(await api(`/parties/${party.id}/chat`, { headers: consultant.headers }));
    expect(markerOf(history.messages.find((m: { id: string }) => m.id === message.id))).toBe('erased');
    // A second time changes nothing (no new event).
    expect((await deleteMessage(party.id, consultant.headers, { messageId: message.id, fullDelete: true })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ida.all('updatedMessage')).toEqual([]);
    manager.close();
    ida.close();
  });

  it('a placeholder left by an ordinary delete may be erased too', async () => {
    const { consultant, party, manager, ida, message } = await setup();
    expect((await deleteMessage(party.id, consultant.headers, { messageId: message.id })).status).toBe(200);
    const placeholder = await ida.next('updatedMessage');
    expect(placeholder.message).toMatchObject({ deleted: true, message: '' });
    expect((await deleteMessage(party.id, consultant.headers, { messageId: message.id, fullDelete: true })).status).toBe(200);
    expect(markerOf((await ida.next('updatedMessage')).message)).toBe('erased');
    manager.close();
    ida.close();
  });

  it('a guest may not erase, not even their own message: forbidden, nothing changes; fullDelete false is an ordinary delete', async () => {
    const { guest, party, manager, ida, message } = await setup();
    await expectError(await deleteMessage(party.id, guest.headers, { messageId: message.id, fullDelete: true }), 403, 'forbidden');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ida.all('updatedMessage')).toEqual([]);
    expect((await deleteMessage(party.id, guest.headers, { messageId: message.id, fullDelete: false })).status).toBe(200);
    expect((await ida.next('updatedMessage')).message).toMatchObject({ deleted: true, message: '' });
    manager.close();
    ida.close();
  });
});
