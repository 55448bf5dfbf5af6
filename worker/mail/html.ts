import type { Mail } from './sender';

/** Text as it may stand in a mail's HTML. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A mail that leads to one link (a confirmation, a download): greeting, body, a button and the link written out, then lines after it. */
export function linkMail(mail: {
  language: string;
  to: string;
  subject: string;
  greeting: string;
  body: string;
  action: string;
  link: string;
  after: string[];
}): Mail {
  const { language, to, subject, greeting, body, action, link, after } = mail;
  const text = [greeting, '', body, '', link, '', ...after.flatMap((line) => [line, '']), 'Salon'].join('\n');
  const html = `<!doctype html>
<html lang="${language}"><body style="font-family: sans-serif; color: #0f172a; line-height: 1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; background: #006b8a; color: #ffffff; padding: 10px 18px; border-radius: 999px; text-decoration: none">${escapeHtml(action)}</a></p>
<p style="overflow-wrap: anywhere"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
${after.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p>Salon</p>
</body></html>`;
  return { to, subject, text, html };
}
