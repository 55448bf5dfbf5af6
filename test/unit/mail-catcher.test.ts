// The local mail catcher (scripts/mail-catcher.mjs): a real SMTP server that keeps what it is sent,
// refuses senders without its login, and shows the mails on a page (escaped) and as JSON.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SMTP_PASSWORD, LOCAL_SMTP_USER, startMailCatcher } from '../../scripts/mail-catcher.mjs';

type Catcher = Awaited<ReturnType<typeof startMailCatcher>>;

/**
 * One SMTP conversation, line by line as a relay's client has it; answers each reply's code. The
 * Worker's own client (worker-mailer over cloudflare:sockets) is tested against the catcher in the
 * workers-mail project.
 */
async function smtp(port: number, lines: string[]): Promise<string[]> {
  const socket = connect(port, '127.0.0.1');
  const replies: string[] = [];
  let buffer = '';
  let waiting: (() => void) | null = null;
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    // A reply ends with a line whose code is followed by a space.
    while (/^\d{3} .*\r\n/m.test(buffer)) {
      const end = buffer.search(/^\d{3} .*\r\n/m);
      const line = buffer.slice(end).split('\r\n')[0]!;
      replies.push(line.slice(0, 3));
      buffer = buffer.slice(end + line.length + 2);
      waiting?.();
    }
  });
  const reply = () => new Promise<void>((resolve) => (waiting = resolve));
  await reply();
  for (const line of lines) {
    const next = reply();
    socket.write(`${line}\r\n`);
    await next;
  }
  socket.end();
  return replies;
}

const login = `AUTH PLAIN ${Buffer.from(`\0${LOCAL_SMTP_USER}\0${LOCAL_SMTP_PASSWORD}`).toString('base64')}`;
const message = (subject: string, body: string) => [
  'DATA',
  ['From: no-reply@salon.test', 'To: anna@salon.test', `Subject: ${subject}`, 'Content-Type: text/plain; charset=utf-8', '', body, '.'].join('\r\n'),
];

describe('the local mail catcher', () => {
  let catcher: Catcher;
  beforeAll(async () => {
    catcher = await startMailCatcher({ smtpPort: 0, webPort: 0 });
  });
  afterAll(() => catcher.close());

  it('keeps a mail sent with its login, and shows it as JSON (by recipient) and on its page, escaped, with the link clickable', async () => {
    const replies = await smtp(catcher.smtpPort, [
      'EHLO test',
      login,
      'MAIL FROM:<no-reply@salon.test>',
      'RCPT TO:<anna@salon.test>',
      ...message('<b>Hallo</b>', 'Link: http://localhost:8787/delete-account/abc'),
      'QUIT',
    ]);
    expect(replies).toEqual(['220', '250', '235', '250', '250', '354', '250', '221']);
    const mails = await (await fetch(`${catcher.url}/api/messages?to=ANNA@salon.test`)).json();
    expect(mails).toEqual([
      expect.objectContaining({
        from: 'no-reply@salon.test',
        to: ['anna@salon.test'],
        subject: '<b>Hallo</b>',
        text: 'Link: http://localhost:8787/delete-account/abc\n',
      }),
    ]);
    expect(await (await fetch(`${catcher.url}/api/messages?to=berta@salon.test`)).json()).toEqual([]);
    const page = await (await fetch(catcher.url)).text();
    expect(page).toContain('&#60;b&#62;Hallo&#60;/b&#62;');
    expect(page).not.toContain('<b>Hallo');
    expect(page).toContain('<a href="http://localhost:8787/delete-account/abc">');
  });

  it('refuses a wrong password and a sender without login, and keeps nothing of them', async () => {
    const before = catcher.mails().length;
    const wrong = `AUTH PLAIN ${Buffer.from(`\0${LOCAL_SMTP_USER}\0falsch`).toString('base64')}`;
    expect(await smtp(catcher.smtpPort, ['EHLO test', wrong, 'QUIT'])).toEqual(['220', '250', '535', '221']);
    expect(await smtp(catcher.smtpPort, ['EHLO test', 'MAIL FROM:<x@salon.test>', 'QUIT'])).toEqual(['220', '250', '530', '221']);
    expect(catcher.mails()).toHaveLength(before);
  });

  it('forgets every mail on DELETE', async () => {
    expect((await fetch(`${catcher.url}/api/messages`, { method: 'DELETE' })).status).toBe(204);
    expect(await (await fetch(`${catcher.url}/api/messages`)).json()).toEqual([]);
  });
});
