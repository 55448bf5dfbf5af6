/**
 * A profile card in the chat (a `profile` message): what the public profile page shows, as it was
 * when the manager sent it, stored as JSON in the message text. The server builds it from the
 * manager's own profile; clients never send one (the socket refuses the type). Checked by hand
 * rather than with a schema, so the party page does not load the schema library for it.
 */
export interface ProfileCard {
  shortId: string;
  firstName: string;
  lastName: string;
  phoneNo: string | null;
  email: string | null;
  website: string | null;
  biography: string | null;
  profilePic: string | null;
}

const TEXT_FIELDS = ['shortId', 'firstName', 'lastName'] as const;
const OPTIONAL_FIELDS = ['phoneNo', 'email', 'website', 'biography', 'profilePic'] as const;

export function profileCardText(card: ProfileCard): string {
  const { shortId, firstName, lastName, phoneNo, email, website, biography, profilePic } = card;
  return JSON.stringify({ shortId, firstName, lastName, phoneNo, email, website, biography, profilePic });
}

/** The card in a `profile` message, or null when the text is not one (shown as a placeholder). */
export function parseProfileCard(text: string): ProfileCard | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (!TEXT_FIELDS.every((key) => typeof record[key] === 'string')) return null;
  if (!OPTIONAL_FIELDS.every((key) => record[key] === null || typeof record[key] === 'string')) return null;
  return {
    shortId: record.shortId as string,
    firstName: record.firstName as string,
    lastName: record.lastName as string,
    phoneNo: record.phoneNo as string | null,
    email: record.email as string | null,
    website: record.website as string | null,
    biography: record.biography as string | null,
    profilePic: record.profilePic as string | null,
  };
}

/** The name on a card, for reply quotes and previews. */
export function cardSummary(card: ProfileCard | null): string {
  return card ? `${card.firstName} ${card.lastName}`.trim() : '';
}
