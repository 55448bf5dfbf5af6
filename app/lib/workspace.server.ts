import type { AppLoadContext } from '@remix-run/cloudflare';
import { applications, needsProfileChoice, releaseNotesHighlighted, selectedProfile } from '~/core/workspace';
import { configuredStores } from '~/lib/site.server';

/**
 * What the signed-in frame needs (top bar, drawer, profile choice): read by the workspace layout
 * (`_app`) and by the FAQ, which signed-in consultants see inside the same frame.
 */
export async function workspaceData(context: AppLoadContext, request: Request, userId: string) {
  // Beside the others, not after them: whether she is the operator adds no round trip (none at all without OPERATOR_EMAILS).
  const [profiles, settings, operator] = await Promise.all([
    context.services.profiles.listProfiles(context.db, userId),
    context.services.settings.getSettings(context.db, userId),
    context.services.operator.isOperator(context.env, context.db, context.identity),
  ]);
  const selected = selectedProfile(profiles, settings.selectedProfileId);
  return {
    user: { selectedProfile: selected, profileCount: profiles.length, companyMode: settings.companyMode, applications: applications(profiles), operator },
    /** The account's profiles (pages under the layout read them from here, not again). */
    profiles,
    // On the release-notes page itself the highlight is gone at once (that page marks them read).
    releaseNotesHighlighted: new URL(request.url).pathname !== '/releaseNotes' && releaseNotesHighlighted(settings.releaseNotesSeen),
    /** The profiles to choose from while a company view has no selection stored, else null. */
    profileChoice: needsProfileChoice(profiles, settings.selectedProfileId, settings.companyMode) ? profiles : null,
    /** The dashboard's app banner with the stores it links to, until the consultant dismisses it (ADR 040); else null. */
    appBanner: settings.bannerDismissed ? null : { stores: configuredStores(context.env.SITE) },
  };
}

export type WorkspaceData = Awaited<ReturnType<typeof workspaceData>>;
