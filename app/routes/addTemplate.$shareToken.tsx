import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '~/components/notice';
import { ErrorBanner } from '~/components/error-banner';
import { LanguageMenu } from '~/components/language-menu';
import { Logo } from '~/components/logo';
import type { ErrorCode } from '~/core/errors';
import { isAppError } from '~/core/errors';
import { apiPath, hashOf, libraryTree, moveTargets } from '~/core/media-library';
import { IdSchema } from '~/core/schemas';
import { requireConsultant } from '~/lib/auth.server';
import { withWorkspaceTexts } from '~/i18n/workspace-texts';

export const meta: MetaFunction = () => [{ title: 'Salon' }];

/**
 * A template's share link (/addTemplate/{shareToken}): its title and sharer for anyone holding the
 * link. Signed in, the consultant adds it to a folder of theirs (the owner is told it is their
 * own); signed out, the page leads to sign-in, which comes back here. A revoked, trashed or forged
 * token shows 'This link is invalid'.
 */
// Its screens use the workspace's texts, which a page opened as the party page has not loaded yet.
export const clientLoader = withWorkspaceTexts;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const userId = context.identity.consultant?.userId ?? null;
  const { templates } = context.services;
  try {
    const [share, folders] = await Promise.all([
      templates.shareLanding(context.db, params.shareToken ?? '', userId),
      userId ? templates.listTemplateFolders(context.db, userId) : [],
    ]);
    return { valid: true as const, signedIn: userId !== null, share, folders };
  } catch (error) {
    if (isAppError(error) && error.code === 'shareLinkInvalid') return data({ valid: false as const, signedIn: userId !== null }, { status: 404 });
    throw error;
  }
}

/** Adds the template into the chosen folder (empty: the top level), then opens the list there. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { userId } = requireConsultant(context, request);
  const refuse = (code: ErrorCode, status: number) => data({ code }, { status });
  const form = await request.formData();
  const folderId = String(form.get('folderId') ?? '');
  if (folderId !== '' && !IdSchema.safeParse(folderId).success) return refuse('invalidInput', 400);
  const { templates } = context.services;
  try {
    const folders = await templates.listTemplateFolders(context.db, userId);
    if (folderId !== '' && !folders.some((folder) => folder.id === folderId)) return refuse('folderNotFound', 404);
    const tree = libraryTree(folders);
    const target = folderId === '' ? null : folderId;
    await templates.acceptShare(context.db, userId, params.shareToken ?? '', apiPath(target, tree));
    const hash = hashOf({ kind: 'folder', folderId: target }, tree);
    return redirect(`/templates${hash ? `#${hash}` : ''}`);
  } catch (error) {
    if (isAppError(error)) return refuse(error.code as ErrorCode, error.status);
    throw error;
  }
}

export default function AddTemplate() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  return (
    <div className="flex min-h-full flex-col bg-gradient-to-b from-primary-light to-slate-50">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 py-3">
        <Link to={loaded.signedIn ? '/templates' : '/'}>
          <Logo className="text-xl" />
        </Link>
        <LanguageMenu />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-8 sm:items-center sm:pt-0">
        <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          {loaded.valid ? (
            <Shared share={loaded.share} folders={loaded.folders} signedIn={loaded.signedIn} />
          ) : (
            <>
              <h1 className="text-2xl font-semibold">{t('errors.shareLinkInvalid')}</h1>
              <p className="mt-2 text-slate-600">{t('addTemplate.invalidHint')}</p>
              {loaded.signedIn ? (
                <Link to="/templates" className="mt-6 inline-block rounded-full px-4 py-2 font-medium ring-1 ring-slate-300 hover:bg-slate-100">
                  {t('addTemplate.toTemplates')}
                </Link>
              ) : null}
            </>
          )}
        </div>
      </main>
    </div>
  );
}

function Shared({
  share,
  folders,
  signedIn,
}: {
  share: { title: string; sharedBy: string; own: boolean; added: boolean };
  folders: { id: string; title: string; parentId: string | null }[];
  signedIn: boolean;
}) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const failed = useActionData<typeof action>();
  const navigation = useNavigation();
  const id = useId();
  // Every folder, in tree order, as the move-to dialog lists them (nothing is excluded: a new entry).
  const targets = moveTargets({ id: '', isFolder: false }, folders, i18n.language, t('templates.root'));
  return (
    <>
      <h1 className="text-2xl font-semibold">{t('addTemplate.title')}</h1>
      <p className="mt-4 text-xl font-semibold wrap-anywhere" data-testid="shared-title">
        {share.title}
      </p>
      <p className="mt-1 text-slate-600">{t('addTemplate.sharedBy', { name: share.sharedBy })}</p>
      {!signedIn ? (
        <>
          <p className="mt-6 text-slate-700">{t('addTemplate.signInHint')}</p>
          <Link
            to={`/login?returnTo=${encodeURIComponent(location.pathname)}`}
            className="mt-4 inline-block rounded-full bg-primary-dark px-5 py-2.5 font-medium text-white hover:bg-primary-dark/90"
          >
            {t('addTemplate.signIn')}
          </Link>
        </>
      ) : share.own ? (
        <>
          <p className="mt-6 rounded-lg bg-amber-50 px-3 py-2 text-amber-900">{t('errors.ownTemplate')}</p>
          <Link to="/templates" className="mt-4 inline-block rounded-full px-4 py-2 font-medium ring-1 ring-slate-300 hover:bg-slate-100">
            {t('addTemplate.toTemplates')}
          </Link>
        </>
      ) : (
        <Form method="post" className="mt-6">
          <Notice text={share.added ? t('addTemplate.alreadyAdded') : null} className="mb-4" />
          <label htmlFor={`${id}-folder`} className="block font-medium">
            {t('addTemplate.folder')}
          </label>
          <select
            id={`${id}-folder`}
            name="folderId"
            defaultValue=""
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 focus:border-primary-dark"
          >
            {targets.map((target) => (
              <option key={target.folderId ?? ''} value={target.folderId ?? ''}>
                {/* A select cannot indent by style: the depth shows as leading spaces. */}
                {'\u00a0\u00a0'.repeat(target.depth) + target.title}
              </option>
            ))}
          </select>
          <ErrorBanner layout="field" code={failed?.code} className="mt-2" />
          <button
            type="submit"
            disabled={navigation.state !== 'idle'}
            className="mt-5 w-full rounded-full bg-primary-dark px-5 py-3 font-medium text-white hover:bg-primary-dark/90 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {t('addTemplate.add')}
          </button>
        </Form>
      )}
    </>
  );
}
