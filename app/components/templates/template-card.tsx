import { useTranslation } from 'react-i18next';
import { LibraryCard } from '~/components/library/library-card';
import { useDateFormatter } from '~/components/local-time';
import { MediaIcon } from '~/components/media/media-icons';
import type { MenuItem } from '~/components/menu';
import type { TemplateEntry } from '~/core/templates';

type To = { pathname: string; search: string; hash: string };

interface Props {
  entry: TemplateEntry;
  /** A folder's address (its hash path) or a template's editor; absent in the trash, where nothing opens. */
  link?: To | string | undefined;
  /** Where a search result lies. */
  location?: string | undefined;
  onOpen: () => void;
  onRename: () => void;
  onMove: () => void;
  onShare: () => void;
  onTrash: () => void;
  onRestore: () => void;
  /** In the trash, the owner's template only: deleted for good now (ADR 038). */
  onDeleteForGood: () => void;
  onDropInto: (id: string) => void;
}

/**
 * One entry of the templates page: a folder or a template, own or shared with me. A template shared
 * by someone else says by whom, and its menu offers only what a recipient may (open, move my copy,
 * trash it); never rename or share: a recipient uses a template but never changes it, and only its
 * owner shares it (ADR 016). The owner of a shared template sees how many use it. In the trash:
 * when it was trashed and when it is deleted for good; its owner may delete a template for good at
 * once (a recipient restores her copy or leaves it to the cron).
 */
export function TemplateCard({ entry, link, location, onOpen, onRename, onMove, onShare, onTrash, onRestore, onDeleteForGood, onDropInto }: Props) {
  const { t } = useTranslation();
  const format = useDateFormatter();
  const trashed = entry.deletesAt !== null;
  const shared = entry.sharedBy !== null;
  const items: MenuItem[] = trashed
    ? [
        { key: 'restore', label: t('media.restore'), onSelect: onRestore },
        ...(shared || entry.isFolder ? [] : [{ key: 'deleteForGood', label: t('templates.deleteForGood'), onSelect: onDeleteForGood, destructive: true }]),
      ]
    : [
        ...(entry.isFolder ? [] : [{ key: 'open', label: t('templates.open'), onSelect: onOpen }]),
        ...(shared ? [] : [{ key: 'rename', label: t('media.rename'), onSelect: onRename }]),
        { key: 'move', label: t('media.moveTo'), onSelect: onMove },
        ...(shared || entry.isFolder ? [] : [{ key: 'share', label: t('templates.share'), onSelect: onShare }]),
        { key: 'trash', label: t('media.toTrash'), onSelect: onTrash, destructive: true },
      ];
  const kind = entry.isFolder ? t('media.types.folder') : t('templates.template');
  const date = entry.isFolder ? format(entry.created, 'date') : t('templates.edited', { date: format(entry.lastEdited, 'date') });
  return (
    <LibraryCard
      id={entry.id}
      title={entry.title}
      type={entry.isFolder ? 'folder' : 'template'}
      testId="template-card"
      isFolder={entry.isFolder}
      trashed={trashed}
      picture={<MediaIcon type={entry.isFolder ? 'folder' : 'template'} className="h-10 w-10" />}
      link={link}
      menuItems={items}
      onDropInto={onDropInto}
    >
      {trashed ? (
        <>
          {entry.trashedAt !== null ? (
            <p className="truncate text-sm text-slate-600">{t('templates.trashedOn', { date: format(entry.trashedAt, 'date') })}</p>
          ) : null}
          <p className="truncate text-sm font-medium text-red-800" data-testid="deletes-on">
            {t('media.deletesOn', { date: format(entry.deletesAt!, 'date') })}
          </p>
        </>
      ) : (
        <p className="truncate text-sm text-slate-600">{`${kind} · ${date}`}</p>
      )}
      {shared ? (
        <p className="truncate text-sm font-medium text-primary-dark" data-testid="shared-by">
          {t('templates.sharedBy', { name: entry.sharedBy })}
        </p>
      ) : entry.shareToken !== null ? (
        <p className="truncate text-sm font-medium text-primary-dark" data-testid="used-by">
          {t('templates.usedBy', { count: entry.sharedWith })}
        </p>
      ) : null}
      {location ? <p className="truncate text-sm text-slate-600">{location}</p> : null}
    </LibraryCard>
  );
}
