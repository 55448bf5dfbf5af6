// A message in one line, for the places that quote one (a reply, the table of contents, a
// selection's label, a screen reader's announcement): pure, so the composer can quote a message
// without loading the bubbles that draw it (ADR 027).
import { isMediaMessageType } from './chat-media';
import { parseFormatted, plainText } from './format';
import type { ChatMessage } from './messages';
import { cardSummary, parseProfileCard } from './profile-card';
import { truncate } from './text';
import { cardLine, isCardType } from './cards';

/** A message in one line: its text, or for a profile card the name on it. */
export function preview(message: Pick<ChatMessage, 'messageType' | 'message'>, length = 80): string {
  if (message.messageType === 'profile') return `👤 ${cardSummary(parseProfileCard(message.message))}`;
  if (isCardType(message.messageType)) return truncate(cardLine(message.messageType, message.message), length);
  if (isMediaMessageType(message.messageType))
    return `${message.messageType === 'photo' ? '📷' : message.messageType === 'voice' ? '🎤' : '📎'} ${snippet(message.message, length)}`.trim();
  return snippet(message.message, length);
}

/** Formatted text in one line: the marks taken out, white space run together, cut to `length`. */
export function snippet(text: string, length = 80): string {
  return truncate(plainText(parseFormatted(text)).replace(/\s+/g, ' ').trim(), length);
}
