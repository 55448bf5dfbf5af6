import { fullName } from './text';

/**
 * Rules of the consultant's workspace that the pages and the API share: which profile a user
 * works as, and when the release notes deserve a highlight.
 */

/** The first main-menu item: where `/` and a finished sign-in send a consultant by default. */
export const FIRST_MENU_PATH = '/parties';

export interface ProfileRef {
  id: string;
}

/**
 * The profile a user works as: the stored selection while it still exists, otherwise the first
 * profile: with several profiles one is always selected, the first unless one was chosen.
 */
export function selectedProfile<T extends ProfileRef>(profiles: readonly T[], storedId: string | null): T | null {
  return profiles.find((profile) => profile.id === storedId) ?? profiles[0] ?? null;
}

/**
 * Company accounts pick a profile for each party and have a profile list; a single profile with
 * company mode off goes straight to its editor.
 */
export function isCompanyView(profileCount: number, companyMode: boolean): boolean {
  return companyMode || profileCount > 1;
}

/**
 * With several profiles one must be selected. A company view without a stored selection (or with
 * one whose profile is gone) asks which profile to work as.
 */
export function needsProfileChoice(profiles: readonly ProfileRef[], storedId: string | null, companyMode: boolean): boolean {
  return isCompanyView(profiles.length, companyMode) && profiles.length > 1 && !profiles.some((profile) => profile.id === storedId);
}

/** The newest release notes: the drawer highlights them until this version has been opened. */
export const RELEASE_NOTES_VERSION = '1.12.0';

/** Compares dotted version numbers numerically ("1.9.0" < "1.12.0"); missing parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const right = b.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/** The highlight shows while the last viewed version is missing or older than the newest release note's. */
export function releaseNotesHighlighted(lastViewed: string | null): boolean {
  return lastViewed === null || compareVersions(lastViewed, RELEASE_NOTES_VERSION) < 0;
}

/**
 * An application the consultant can work in: one of her account's profiles (ADR 040). Salon has
 * one brand; what an account has several of, and what changes who she is to her guests, is its
 * profiles, so the top bar's selector switches the selected profile.
 */
export interface Application {
  applicationId: string;
  displayName: string;
}

export function applications(profiles: readonly { id: string; firstName: string; lastName: string }[]): Application[] {
  return profiles.map((profile) => ({ applicationId: profile.id, displayName: fullName(profile) }));
}

/** The selector is shown only when there is something to choose: more than one application. */
export function showsApplicationSelector(list: readonly Application[]): boolean {
  return list.length > 1;
}
