import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useDateFormatter } from '~/components/local-time';
import { DotsIcon, Menu } from '~/components/menu';
import type { MenuItem } from '~/components/menu';
import { formatBytes } from '~/core/media-library';
import type { MediaEntry } from '../../../worker/services/media';
import { dragSource, useDropTarget } from './media-drag';
import { MediaIcon } from './media-icons';

/** The kinds that have a preview: drawn by the browser (pictures, PDFs) or Stream's poster (videos). */
const PREVIEWED: ReadonlySet<string> = new Set(['image', 'application', 'video']);

interface Props {
  entry: MediaEntry;
  /** A folder's address (its hash path); absent in the trash, where nothing opens. */
  folderLink?: { pathname: string; search: string; hash: string } | undefined;
  /** Where a search result lies. */
  location?: string | undefined;
  onRename: () => void;
  onMove: () => void;
  onTrash: () => void;
  onRestore: () => void;
  /** A card dropped on this folder's card. */
  onDropInto?: ((id: string) => void) | undefined;
  /** Opens a ready item in the lightbox or viewer; absent while it converts, fails or lies in the trash (spec section 4). */
  onOpen?: (() => void) | undefined;
  /** Makes the preview anew (spec: regenerate preview): pictures, PDFs and videos once ready. */
  onRegeneratePreview?: (() => void) | undefined;
  /**
   * In the media picker: no menu and no dragging; an item that may be chosen has a checkbox (the
   * whole card toggles it), null for one that may not (a folder opens with `onOpen` instead).
   */
  pick?: { selected: boolean; disabled: boolean; onToggle: () => void } | null | undefined;
}

/**
 * One entry of the library (spec section 9: a card of 250 × 150): a preview, or the kind's icon;
 * the title, kind, date and size; the item's state while it is not ready; in the trash, the day
 * it is deleted for good. A folder's title opens it (the whole card is its target); the menu
 * holds rename, move, download and trash, or restore in the trash; cards outside the trash can be
 * dragged onto a breadcrumb entry or a folder's card. A ready item's title opens it.
 */
export function MediaCard({ entry, folderLink, location, onRename, onMove, onTrash, onRestore, onDropInto, onOpen, onRegeneratePreview, pick }: Props) {
  const { t, i18n } = useTranslation();
  const format = useDateFormatter();
  const isFolder = entry.mediaType === 'folder';
  const trashed = entry.deletesAt !== null;
  const drop = useDropTarget((id) => {
    if (id !== entry.id) onDropInto?.(id);
  }, isFolder && !trashed && onDropInto !== undefined && pick === undefined);
  const picking = pick !== undefined;
  const items: MenuItem[] = trashed
    ? [{ key: 'restore', label: t('media.restore'), onSelect: onRestore }]
    : [
        { key: 'rename', label: t('media.rename'), onSelect: onRename },
        { key: 'move', label: t('media.moveTo'), onSelect: onMove },
        ...(!isFolder && entry.state === 'ready' ? [{ key: 'download', label: t('media.download'), href: `/files/${entry.id}?download=1` }] : []),
        ...(onRegeneratePreview && entry.state === 'ready' && PREVIEWED.has(entry.mediaType) ? [{ key: 'preview', label: t('media.regeneratePreview'), onSelect: onRegeneratePreview }] : []),
        { key: 'trash', label: t('media.toTrash'), onSelect: onTrash, destructive: true },
      ];
  const details = [t(`media.types.${entry.mediaType}`), format(entry.createdAt, 'date'), entry.size === null ? null : formatBytes(entry.size, i18n.language)].filter(Boolean).join(' · ');
  const state = entry.state && entry.state !== 'ready' ? entry.state : null;
  return (
    <li
      data-testid="media-card"
      data-type={entry.mediaType}
      {...dragSource(entry.id, !trashed && !picking)}
      {...drop.props}
      className={`relative flex h-[150px] min-w-0 flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-slate-200 ${drop.over || pick?.selected ? 'ring-2 ring-primary-dark' : 'ring-1'} ${trashed || picking ? '' : 'cursor-grab active:cursor-grabbing'}`}
    >
      <div className={`flex min-h-0 flex-1 items-center justify-center ${isFolder ? 'bg-primary-light text-primary-dark' : 'bg-slate-100 text-slate-600'}`}>
        {entry.hasPreview && !trashed ? (
          // The file server's preview beside the original (spec section 3); decorative: the title says what it is.
          <img src={`/files/${entry.id}/preview?v=${entry.updatedAt}`} alt="" loading="lazy" draggable={false} className="h-full w-full object-cover" />
        ) : (
          <MediaIcon type={entry.mediaType} className="h-10 w-10" />
        )}
      </div>
      <div className="px-3 py-2">
        <h2 className="truncate font-medium" title={entry.title}>
          {pick ? (
            <label className={`block truncate after:absolute after:inset-0 after:content-[''] ${pick.disabled ? '' : 'cursor-pointer hover:underline'}`}>
              <input type="checkbox" checked={pick.selected} disabled={pick.disabled} onChange={pick.onToggle} className="absolute top-2.5 right-2.5 z-10 h-5 w-5 accent-primary-dark" />
              {entry.title}
            </label>
          ) : folderLink ? (
            // The link's box covers the card, so the whole card opens the folder; the menu sits above it.
            <Link to={folderLink} draggable={false} className="after:absolute after:inset-0 after:content-[''] hover:underline">
              {entry.title}
            </Link>
          ) : onOpen ? (
            <button type="button" onClick={onOpen} draggable={false} className="block w-full truncate text-left after:absolute after:inset-0 after:content-[''] hover:underline">
              {entry.title}
            </button>
          ) : (
            entry.title
          )}
        </h2>
        <p className="truncate text-sm text-slate-600">{details}</p>
        {location ? <p className="truncate text-sm text-slate-600">{location}</p> : null}
        {state ? (
          <p className={`truncate text-sm font-medium ${state === 'failed' ? 'text-red-800' : 'text-amber-800'}`} data-testid="media-state">
            {t(`media.states.${state}`)}
          </p>
        ) : null}
        {entry.deletesAt !== null ? (
          <p className="truncate text-sm font-medium text-red-800" data-testid="deletes-on">
            {t('media.deletesOn', { date: format(entry.deletesAt, 'date') })}
          </p>
        ) : null}
      </div>
      {picking ? null : (
        <div className="absolute top-1.5 right-1.5 z-10">
          <Menu
            label={t('media.menu', { title: entry.title })}
            buttonContent={<DotsIcon vertical className="h-5 w-5" />}
            items={items}
            listClassName="w-56"
            buttonClassName="rounded-full bg-white/90 p-1.5 text-slate-700 shadow-sm ring-1 ring-slate-200 hover:bg-white"
          />
        </div>
      )}
    </li>
  );
}
