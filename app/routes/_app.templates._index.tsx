import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { ErrorBanner } from '~/components/error-banner';
import { LibraryShell } from '~/components/library/library-shell';
import { useLibraryPage } from '~/components/library/use-library-page';
import { ShareDialog } from '~/components/templates/share-dialog';
import { TemplateCard } from '~/components/templates/template-card';
import { folderOfPath } from '~/core/media-library';
import type { TemplateEntry } from '~/core/templates';
import { sortTemplates } from '~/core/templates';
import { templateCallError } from '~/core/errors';
import { apiFetch, signInAgain } from '~/lib/api';
import { requireConsultant } from '~/lib/auth.server';

export const meta: MetaFunction = () => [{ title: 'Salon' }];

/**
 * The consultant's folders (for the hash path, the breadcrumb and the move-to dialog). As on the
 * media page, the place lives in the address's hash, which never reaches the server: the page
 * asks the API for that place's contents once it knows it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { userId } = requireConsultant(context, request);
  return { folders: await context.services.templates.listTemplateFolders(context.db, userId) };
}

/** The templates page's own dialogs (LibraryShell has the ones every library has). */
type Dialog = { kind: 'share'; entry: TemplateEntry; token: string | null } | { kind: 'deleteForGood'; entry: TemplateEntry };

export default function Templates() {
  const { t } = useTranslation();
  const { folders } = useLoaderData<typeof loader>();
  const library = useLibraryPage<TemplateEntry, Dialog>({
    name: 'templates',
    folders,
    moveKey: 'templateId',
    sortByName: (entries) => sortTemplates(entries, 'name'),
    errorOf: templateCallError,
  });
  const { navigate, path, titleOf, to, searching, reload, dialog, setDialog, openDialog, busy, dialogError, setDialogError, change, trash, restore } = library;

  const create = async (title: string) => {
    const made = await change(apiFetch<TemplateEntry>('/api/templates/create', { method: 'POST', body: { title, path } }), null);
    if (made) navigate(`/templates/${made.id}`);
  };
  /** The owner's link: made when the dialog opens (the same one while it stays shared). */
  const share = async (entry: TemplateEntry) => {
    setDialogError(null);
    setDialog({ kind: 'share', entry, token: entry.shareToken });
    if (entry.shareToken) return;
    const result = await apiFetch<{ shareToken: string }>(`/api/templates/${entry.id}/share`, { method: 'PUT' });
    if (!result.ok) {
      if (result.status === 401) return signInAgain(true);
      return setDialogError(result.code);
    }
    setDialog((current) => (current?.kind === 'share' && current.entry.id === entry.id ? { ...current, token: result.data.shareToken } : current));
    reload();
  };
  const stopSharing = (entry: TemplateEntry) =>
    change(apiFetch(`/api/templates/${entry.id}/revokeShare`, { method: 'PUT' }), t('templates.stopped', { title: entry.title }));

  const deleteForGood = (entry: TemplateEntry) =>
    change(apiFetch(`/api/templates/${entry.id}/permanently`, { method: 'DELETE' }), t('templates.deletedForGood', { title: entry.title }));

  return (
    <LibraryShell
      library={library}
      make={{ label: t('templates.newTemplate'), field: t('templates.templateName'), onMake: (title) => void create(title) }}
      isFolder={(entry) => entry.isFolder}
      renameTexts={(entry) =>
        entry.isFolder
          ? { heading: t('media.renameTitle'), label: t('media.folderName') }
          : { heading: t('templates.renameTitle'), label: t('templates.templateName') }
      }
      card={(entry, dropped) => (
        <TemplateCard
          key={entry.id}
          entry={entry}
          link={entry.deletesAt !== null ? undefined : entry.isFolder ? to(entry.id) : `/templates/${entry.id}`}
          location={searching ? t('media.location', { place: titleOf(folderOfPath(entry.path)) }) : undefined}
          onOpen={() => navigate(`/templates/${entry.id}`)}
          onRename={() => openDialog({ kind: 'rename', entry })}
          onMove={() => openDialog({ kind: 'move', entry })}
          onShare={() => void share(entry)}
          onTrash={() => void trash(entry)}
          onRestore={() => void restore(entry)}
          onDeleteForGood={() => openDialog({ kind: 'deleteForGood', entry })}
          onDropInto={(id) => dropped(id, entry.id)}
        />
      )}
    >
      {dialog?.kind === 'share' ? (
        <ShareDialog
          title={dialog.entry.title}
          token={dialog.token}
          sharedWith={dialog.entry.sharedWith}
          busy={busy}
          error={dialogError}
          onStop={() => void stopSharing(dialog.entry)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'deleteForGood' ? (
        <ConfirmDialog
          title={t('templates.deleteForGoodTitle', { title: dialog.entry.title })}
          confirmLabel={t('templates.deleteForGood')}
          destructive
          confirmDisabled={busy}
          onCancel={() => setDialog(null)}
          onConfirm={() => void deleteForGood(dialog.entry)}
        >
          <p>{t('templates.deleteForGoodText')}</p>
          <ErrorBanner code={dialogError} className="mt-3" />
        </ConfirmDialog>
      ) : null}
    </LibraryShell>
  );
}
