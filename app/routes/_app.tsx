import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { Outlet, useLoaderData } from '@remix-run/react';
import { WorkspaceFrame } from '~/components/shell/workspace-frame';
import { requireConsultant } from '~/lib/auth.server';
import { workspaceData } from '~/lib/workspace.server';
import { withWorkspaceTexts } from '~/i18n/workspace-texts';

/**
 * The signed-in workspace: every page under it has the top bar, the side drawer and the user
 * menu. Signed-out visitors go to `/`, which remembers where they wanted to go.
 */
// Its screens use the workspace's texts, which a page opened as the party page has not loaded yet.
export const clientLoader = withWorkspaceTexts;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { userId } = requireConsultant(context, request);
  return workspaceData(context, request, userId);
}

export type WorkspaceData = Awaited<ReturnType<typeof loader>>;

export default function Workspace() {
  const data = useLoaderData<typeof loader>();
  return (
    <WorkspaceFrame data={data}>
      <Outlet />
    </WorkspaceFrame>
  );
}
