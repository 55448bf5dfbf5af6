import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../app/core/limits';
import { api, connected, createConsultant, createParty, joinGuest, textMessage } from './fixtures';
import type { Consultant } from './fixtures';

async function editExpiry(consultant: Consultant, partyId: string, expiration: number | null): Promise<void> {
  const response = await api(`/parties/${partyId}`, { method: 'PUT', headers: consultant.headers, body: { title: 'Wellness-Party', expiration } });
  expect(response.status).toBe(200);
}

async function party(expiration?: number) {
  const consultant = await createConsultant();
  const created = await createParty(consultant, expiration === undefined ? {} : { expiration });
  const guest = await joinGuest(created.id, { firstName: 'Ida', lastName: 'Sommer' });
  const manager = await connected(created.id, consultant.headers);
  const ida = await connected(created.id, guest.headers);
  return { consultant, party: created, guest, manager: manager.socket, ida: ida.socket, welcome: ida.welcome };
}

describe('a party that ends while its guests are in it', () => {
  it('the welcome says whether the party is over', async () => {
    const { welcome, manager, ida } = await party();
    expect(welcome.expired).toBe(false);
    manager.close();
    ida.close();
  });

  it('ended by the consultant (expiry edited into the past): every open socket hears it at once, and sends are refused', async () => {
    const { consultant, party: p, manager, ida } = await party();
    await editExpiry(consultant, p.id, Date.now() - 60_000);
    expect(await ida.next('updateExpiry', 1000)).toEqual({ type: 'updateExpiry', partyId: p.id, expired: true });
    expect(await manager.next('updateExpiry', 1000)).toMatchObject({ expired: true });

    const tempId = crypto.randomUUID();
    ida.send(textMessage('Noch eine Frage', tempId));
    expect(await ida.next('error')).toEqual({ type: 'error', code: 'partyExpired', tempId });
    // The manager reads on; a rejoin is told the party is over.
    const again = await connected(p.id, consultant.headers);
    expect(again.welcome.expired).toBe(true);
    again.socket.close();

    // Moved again, still in the past: nothing new to tell.
    await editExpiry(consultant, p.id, Date.now() - 30_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ida.all('updateExpiry')).toEqual([]);
    manager.close();
    ida.close();
  });

  it('edited back into the future: the party goes on for the open sockets, and sending works again', async () => {
    const { consultant, party: p, manager, ida } = await party();
    await editExpiry(consultant, p.id, Date.now() - 60_000);
    await ida.next('updateExpiry', 1000);
    await editExpiry(consultant, p.id, Date.now() + DAY_MS);
    expect(await ida.next('updateExpiry', 1000)).toEqual({ type: 'updateExpiry', partyId: p.id, expired: false });
    expect(await manager.next('updateExpiry', 1000, (event) => !event.expired)).toMatchObject({ expired: false });
    ida.send(textMessage('Weiter geht’s'));
    expect((await ida.next('ack')).message.message).toBe('Weiter geht’s');
    manager.close();
    ida.close();
  });

  it('the expiry time arrives: the room wakes at that time and tells every open socket once', async () => {
    const expiresAt = Date.now() + 2000;
    const { manager, ida } = await party(expiresAt);
    const event = await ida.next('updateExpiry', 5000);
    expect(event.expired).toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
    expect(Date.now()).toBeLessThan(expiresAt + 2000);
    expect((await manager.next('updateExpiry', 1000)).expired).toBe(true);
    const tempId = crypto.randomUUID();
    ida.send(textMessage('Zu spät', tempId));
    expect(await ida.next('error')).toEqual({ type: 'error', code: 'partyExpired', tempId });
    // Announced once, not on every later alarm.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(ida.all('updateExpiry')).toEqual([]);
    manager.close();
    ida.close();
  });

  it('an expiry moved later is announced at the new time, not the old', async () => {
    const { consultant, party: p, manager, ida } = await party(Date.now() + 1500);
    const later = Date.now() + 4000;
    await editExpiry(consultant, p.id, later);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(ida.all('updateExpiry')).toEqual([]);
    expect((await ida.next('updateExpiry', 4000)).expired).toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(later);
    manager.close();
    ida.close();
  });
});
