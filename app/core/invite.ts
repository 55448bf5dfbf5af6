/**
 * The hostess's invitation (issue 43): the party link with a short text in her language, as the
 * share sheet gets it, and as the links that stand in where a browser has none.
 */
export interface Invitation {
  url: string;
  text: string;
  subject: string;
}

/** WhatsApp's "click to chat" with the text, a text message (the `?&body=` form both iOS and Android read) and an e-mail. */
export function inviteLinks({ url, text, subject }: Invitation): { whatsapp: string; sms: string; email: string } {
  const message = `${text} ${url}`;
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(message)}`,
    sms: `sms:?&body=${encodeURIComponent(message)}`,
    email: `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(message)}`,
  };
}

/** Whether a rejected navigator.share means the person closed the sheet (nothing more to do) rather than that it failed. */
export function shareCancelled(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}
