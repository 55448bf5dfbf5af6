import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { LibraryBreadcrumb } from '~/components/library/library-breadcrumb';
import { LibrarySearch } from '~/components/library/library-search';
import { MoveDialog } from '~/components/library/move-dialog';
import { TitleDialog } from '~/components/library/title-dialog';
import { useLibraryPage } from '~/components/library/use-library-page';
import { PlusIcon } from '~/components/media/media-icons';
import { PageHeader } from '~/components/shell/page-header';
import { ShareDialog } from '~/components/templates/share-dialog';
import { TemplateCard } from '~/components/templates/template-card';
import { TRASH_RETENTION_DAYS } from '~/core/folders';
import { folderOfPath } from '~/core/media-library';
import type { TemplateEntry } from '~/core/templates';
import { sortTemplates } from '~/core/templates';
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

type Dialog =
  | { kind: 'newFolder' }
  | { kind: 'newTemplate' }
  | { kind: 'rename'; entry: TemplateEntry }
  | { kind: 'move'; entry: TemplateEntry }
  | { kind: 'trash'; entry: TemplateEntry }
  | { kind: 'share'; entry: TemplateEntry; token: string | null };

export default function Templates() {
  const { t } = useTranslation();
  const { folders } = useLoaderData<typeof loader>();
  const library = useLibraryPage<TemplateEntry, Dialog>({ api: '/api/templates', folders, rootTitle: t('templates.root'), moveKey: 'templateId', sortByName: (entries) => sortTemplates(entries, 'name') });
  const { navigate, setParams, sort, folderId, inTrash, path, titleOf, to, open, folderGone, query, setQuery, searched, searching, reload, current, entries, hidden, shown } = library;
  const { dialog, setDialog, openDialog, busy, dialogError, setDialogError, pageError, notice, change, findEntry, move, trash, restore } = library;

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
  const stopSharing = (entry: TemplateEntry) => change(apiFetch(`/api/templates/${entry.id}/revokeShare`, { method: 'PUT' }), t('templates.stopped', { title: entry.title }));
  // Dropped on a breadcrumb entry or a folder: moved there; on the trash: asked first, as from the menu.
  const dropped = (id: string, target: string | null | 'trash') => {
    const entry = findEntry(id);
    if (!entry) return;
    if (target === 'trash') openDialog({ kind: 'trash', entry });
    else void move(entry, target);
  };
  const heading = searching ? t('media.results', { query: searched.trim() }) : inTrash ? t('media.trash') : titleOf(folderId);
  const trashText = (entry: TemplateEntry) =>
    entry.isFolder ? t('templates.trashFolderText', { days: TRASH_RETENTION_DAYS }) : entry.sharedBy !== null ? t('templates.trashCopyText', { days: TRASH_RETENTION_DAYS }) : t('templates.trashText', { days: TRASH_RETENTION_DAYS });

  return (
    <div>
      <PageHeader
        title={t('templates.title')}
        // Nothing is made in the trash.
        actions={
          inTrash
            ? []
            : [
                { label: t('templates.newTemplate'), onClick: () => openDialog({ kind: 'newTemplate' }), icon: <PlusIcon className="h-5 w-5" /> },
                { label: t('media.newFolder'), onClick: () => openDialog({ kind: 'newFolder' }), icon: <PlusIcon className="h-5 w-5" />, style: 'inherit' },
              ]
        }
        sort={{
          current: sort,
          onChange: (value) =>
            setParams(
              (currentParams) => {
                const next = new URLSearchParams(currentParams);
                next.set('sort', value);
                return next;
              },
              { replace: true, preventScrollReset: true },
            ),
          items: [
            { value: 'date', label: t('sort.date') },
            { value: 'name', label: t('sort.name') },
          ],
        }}
      />
      <main id="main" className="px-4 py-4 sm:px-6">
        <div className="flex flex-wrap items-center gap-3">
          <LibraryBreadcrumb rootLabel={t('templates.root')} hidden={hidden} shown={shown} inTrash={inTrash} linkTo={to} onOpen={open} onDrop={dropped} />
          <LibrarySearch label={t('templates.search')} query={query} onQuery={setQuery} />
        </div>
        <div aria-live="polite" className="mt-3 empty:hidden">
          {notice ? <p className="rounded-lg bg-green-50 px-3 py-2 text-green-800">{notice.text}</p> : folderGone ? <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">{t('templates.folderGone')}</p> : null}
        </div>
        {pageError ? (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-red-800">
            {t(`errors.${pageError}`)}
          </p>
        ) : null}
        <section aria-labelledby="templates-place" aria-busy={entries === null && !(current && 'error' in current)} className="mt-4">
          <h2 id="templates-place" className="mb-1 text-lg font-semibold wrap-anywhere">
            {heading}
          </h2>
          {inTrash && !searching ? <p className="mb-3 text-sm text-slate-600">{t('media.trashNote', { days: TRASH_RETENTION_DAYS })}</p> : null}
          {current && 'error' in current ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800">
              {t(`errors.${current.error}`)}
            </p>
          ) : entries === null ? (
            <p className="text-slate-600">{t('media.loading')}</p>
          ) : entries.length === 0 ? (
            <p className="text-slate-600">
              {searching ? t('templates.noResults', { query: searched.trim() }) : inTrash ? t('media.emptyTrash') : folderId === null ? t('templates.empty') : t('media.emptyFolder')}
            </p>
          ) : (
            <ul className="mt-3 grid grid-cols-[repeat(auto-fill,minmax(min(100%,250px),1fr))] gap-3" data-testid="template-cards">
              {entries.map((entry) => (
                <TemplateCard
                  key={entry.id}
                  entry={entry}
                  link={entry.deletesAt !== null ? undefined : entry.isFolder ? to(entry.id) : `/templates/${entry.id}`}
                  location={searching ? t('media.location', { place: titleOf(folderOfPath(entry.path)) }) : undefined}
                  onOpen={() => navigate(`/templates/${entry.id}`)}
                  onRename={() => openDialog({ kind: 'rename', entry })}
                  onMove={() => openDialog({ kind: 'move', entry })}
                  onShare={() => void share(entry)}
                  onTrash={() => openDialog({ kind: 'trash', entry })}
                  onRestore={() => void restore(entry)}
                  onDropInto={(id) => dropped(id, entry.id)}
                />
              ))}
            </ul>
          )}
        </section>
      </main>
      {dialog?.kind === 'newFolder' ? (
        <TitleDialog
          heading={t('media.newFolder')}
          label={t('media.folderName')}
          confirmLabel={t('media.create')}
          busy={busy}
          error={dialogError}
          onCancel={() => setDialog(null)}
          onSubmit={(title) => void change(apiFetch('/api/templates/folder', { method: 'POST', body: { title, path } }), t('media.created', { title: title.trim() }))}
        />
      ) : null}
      {dialog?.kind === 'newTemplate' ? (
        <TitleDialog
          heading={t('templates.newTemplate')}
          label={t('templates.templateName')}
          confirmLabel={t('media.create')}
          busy={busy}
          error={dialogError}
          onCancel={() => setDialog(null)}
          onSubmit={(title) => void create(title)}
        />
      ) : null}
      {dialog?.kind === 'rename' ? (
        <TitleDialog
          heading={dialog.entry.isFolder ? t('media.renameTitle') : t('templates.renameTitle')}
          label={dialog.entry.isFolder ? t('media.folderName') : t('templates.templateName')}
          confirmLabel={t('common.save')}
          initial={dialog.entry.title}
          busy={busy}
          error={dialogError}
          onCancel={() => setDialog(null)}
          onSubmit={(title) => void change(apiFetch(`/api/templates/${dialog.entry.id}`, { method: 'PUT', body: { name: title } }), t('media.renamed', { title: title.trim() }))}
        />
      ) : null}
      {dialog?.kind === 'move' ? (
        <MoveDialog
          topTitle={t('templates.root')}
          entry={{ id: dialog.entry.id, title: dialog.entry.title, isFolder: dialog.entry.isFolder }}
          currentFolderId={folderOfPath(dialog.entry.path)}
          folders={folders}
          busy={busy}
          error={dialogError}
          onCancel={() => setDialog(null)}
          onMove={(target) => void move(dialog.entry, target)}
        />
      ) : null}
      {dialog?.kind === 'trash' ? (
        <ConfirmDialog title={t('templates.trashTitle', { title: dialog.entry.title })} confirmLabel={t('media.toTrash')} destructive onConfirm={() => void trash(dialog.entry)} onCancel={() => setDialog(null)}>
          <p>{trashText(dialog.entry)}</p>
          {dialogError ? (
            <p role="alert" className="mt-2 text-sm font-medium text-red-800">
              {t(`errors.${dialogError}`)}
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
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
    </div>
  );
}
