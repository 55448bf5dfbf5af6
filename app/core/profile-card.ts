import { z } from 'zod';

/**
 * A profile card in the chat (a `profile` message): what the public profile page shows, as it was
 * when the manager sent it, stored as JSON in the message text. The server builds it from the
 * manager's own profile; clients never send one (the socket refuses the type).
 */
export const ProfileCardSchema = z.object({
  shortId: z.string().max(32),
  firstName: z.string().max(100),
  lastName: z.string().max(100),
  phoneNo: z.string().max(100).nullable(),
  email: z.string().max(300).nullable(),
  website: z.string().max(500).nullable(),
  biography: z.string().max(1000).nullable(),
  profilePic: z.string().max(500).nullable(),
});
export type ProfileCard = z.infer<typeof ProfileCardSchema>;

export function profileCardText(card: ProfileCard): string {
  return JSON.stringify(ProfileCardSchema.parse(card));
}

/** The card in a `profile` message, or null when the text is not one (shown as a placeholder). */
export function parseProfileCard(text: string): ProfileCard | null {
  try {
    const parsed = ProfileCardSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A one-line summary of any message, for reply quotes, previews and the input bar. */
export function cardSummary(card: ProfileCard | null): string {
  return card ? `${card.firstName} ${card.lastName}`.trim() : '';
}
