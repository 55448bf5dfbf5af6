import type { ReactNode } from 'react';
import { ProfileChoiceDialog } from '~/components/profile/profile-choice-dialog';
import type { WorkspaceData } from '~/lib/workspace.server';
import { AppShell } from './app-shell';
import { WorkspaceSearchProvider } from './workspace-search';

/** The signed-in frame around a page: the shell, and the profile choice while one is due. */
export function WorkspaceFrame({ data, children }: { data: Pick<WorkspaceData, 'user' | 'releaseNotesHighlighted' | 'profileChoice'>; children: ReactNode }) {
  return (
    <WorkspaceSearchProvider>
      <AppShell user={data.user} releaseNotesHighlighted={data.releaseNotesHighlighted}>
        {children}
        {data.profileChoice ? <ProfileChoiceDialog profiles={data.profileChoice} /> : null}
      </AppShell>
    </WorkspaceSearchProvider>
  );
}
