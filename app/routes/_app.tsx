import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { Outlet, useLoaderData } from '@remix-run/react';
import { ProfileChoiceDialog } from '~/components/profile/profile-choice-dialog';
import { AppShell } from '~/components/shell/app-shell';
import { needsProfileChoice, releaseNotesHighlighted, selectedProfile } from '~/core/workspace';
import { requireConsultant } from '~/lib/auth.server';
import { withWorkspaceTexts } from '~/i18n/workspace-texts';

/**
 * The signed-in workspace: every page under it has the top bar, the side drawer and the user
 * menu. Signed-out visitors go to `/`, which remembers where they wanted to go.
 */
// Its screens use the workspace's texts, which a page opened as the party page has not loaded yet.
export const clientLoader = withWorkspaceTexts;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { userId } = requireConsultant(context, request);
  const [profiles, settings] = await Promise.all([context.services.profiles.listProfiles(context.db, userId), context.services.settings.getSettings(context.db, userId)]);
  const selected = selectedProfile(profiles, settings.selectedProfileId);
  return {
    user: { selectedProfile: selected, profileCount: profiles.length, companyMode: settings.companyMode },
    /** The account's profiles (pages under the layout read them from here, not again). */
    profiles,
    // On the release-notes page itself the highlight is gone at once (that page marks them read).
    releaseNotesHighlighted: new URL(request.url).pathname !== '/releaseNotes' && releaseNotesHighlighted(settings.releaseNotesSeen),
    /** The profiles to choose from while a company view has no selection stored, else null. */
    profileChoice: needsProfileChoice(profiles, settings.selectedProfileId, settings.companyMode) ? profiles : null,
  };
}

export type WorkspaceData = Awaited<ReturnType<typeof loader>>;

export default function Workspace() {
  const data = useLoaderData<typeof loader>();
  return (
    <AppShell user={data.user} releaseNotesHighlighted={data.releaseNotesHighlighted}>
      <Outlet />
      {data.profileChoice ? <ProfileChoiceDialog profiles={data.profileChoice} /> : null}
    </AppShell>
  );
}
