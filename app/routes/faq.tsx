import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { Link, Outlet, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '~/components/public/public-page';
import { WorkspaceFrame } from '~/components/shell/workspace-frame';
import { workspaceData } from '~/lib/workspace.server';
import { withWorkspaceTexts } from '~/i18n/workspace-texts';

/**
 * The FAQ's frame: one address for everyone, shown inside the workspace's menu layout to a
 * signed-in consultant and as a public page to everyone else. A layout route of its own rather than
 * a child of `_app`, whose loader sends visitors to sign in.
 */
// Its screens use the workspace's texts, which a page opened as the party page has not loaded yet.
export const clientLoader = withWorkspaceTexts;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const consultant = context.identity.consultant;
  return { workspace: consultant ? await workspaceData(context, request, consultant.userId) : null };
}

export default function Faq() {
  const { t } = useTranslation();
  const { workspace } = useLoaderData<typeof loader>();
  if (workspace) {
    return (
      <WorkspaceFrame data={workspace}>
        <main id="main" className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6">
          <Outlet />
        </main>
      </WorkspaceFrame>
    );
  }
  return (
    <PublicPage
      mainClassName="mx-auto w-full max-w-3xl px-4 pb-16 pt-6"
      action={
        <Link to="/login" className="rounded-full bg-primary-dark px-4 py-2 font-medium text-white hover:bg-primary-dark/90">
          {t('landing.signIn')}
        </Link>
      }
    >
      <Outlet />
    </PublicPage>
  );
}
