import { useTranslation } from 'react-i18next';
import { useDateFormatter } from '~/components/local-time';
import { LibraryCard } from '~/components/library/library-card';
import type { CardPick } from '~/components/library/library-card';
import type { MenuItem } from '~/components/menu';
import { formatBytes } from '~/core/media-library';
import type { MediaEntry } from '~/core/media-entry';
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
  /** Opens the item's description (not a folder's: it has none). */
  onDescribe?: (() => void) | undefined;
  onMove: () => void;
  onTrash: () => void;
  onRestore: () => void;
  /** A card dropped on this folder's card. */
  onDropInto?: ((id: string) => void) | undefined;
  /**
   * Opens a ready item in the lightbox or viewer; absent while it converts or has failed (there is
   * nothing to show) and in the trash (a trashed entry's one action is restore).
   */
  onOpen?: (() => void) | undefined;
  /** Makes the preview anew: pictures, PDFs and videos once ready (the kinds that have one). */
  onRegeneratePreview?: (() => void) | undefined;
  /**
   * In the media picker: no menu and no dragging; an item that may be chosen has a checkbox (the
   * whole card toggles it), null for one that may not (a folder opens with `onOpen` instead).
   */
  pick?: CardPick | null | undefined;
}

/**
 * One entry of the library (a card of 250 × 150): a preview, or the kind's icon; the title, kind,
 * date and size; its description's first line; the item's state while it is not ready; in the trash, the day it is deleted for
 * good. A folder's title opens it; the menu holds rename, move, describe, download and trash, or restore in
 * the trash. A ready item's title opens it. The card's frame, dragging and dropping are the
 * library's (LibraryCard).
 */
export function MediaCard({
  entry,
  folderLink,
  location,
  onRename,
  onDescribe,
  onMove,
  onTrash,
  onRestore,
  onDropInto,
  onOpen,
  onRegeneratePreview,
  pick,
}: Props) {
  const { t, i18n } = useTranslation();
  const format = useDateFormatter();
  const isFolder = entry.mediaType === 'folder';
  const trashed = entry.deletesAt !== null;
  const items: MenuItem[] = trashed
    ? [{ key: 'restore', label: t('media.restore'), onSelect: onRestore }]
    : [
        { key: 'rename', label: t('media.rename'), onSelect: onRename },
        { key: 'move', label: t('media.moveTo'), onSelect: onMove },
        ...(onDescribe && !isFolder ? [{ key: 'describe', label: t('media.chatCopy.describe'), onSelect: onDescribe }] : []),
        ...(!isFolder && entry.state === 'ready' ? [{ key: 'download', label: t('media.download'), href: `/files/${entry.id}?download=1` }] : []),
        ...(onRegeneratePreview && entry.state === 'ready' && PREVIEWED.has(entry.mediaType)
          ? [{ key: 'preview', label: t('media.regeneratePreview'), onSelect: onRegeneratePreview }]
          : []),
        { key: 'trash', label: t('media.toTrash'), onSelect: onTrash, destructive: true },
      ];
  const details = [t(`media.types.${entry.mediaType}`), format(entry.createdAt, 'date'), entry.size === null ? null : formatBytes(entry.size, i18n.language)]
    .filter(Boolean)
    .join(' · ');
  const state = entry.state && entry.state !== 'ready' ? entry.state : null;
  return (
    <LibraryCard
      id={entry.id}
      title={entry.title}
      type={entry.mediaType}
      testId="media-card"
      isFolder={isFolder}
      trashed={trashed}
      picture={
        entry.hasPreview && !trashed ? (
          // The preview stored beside the original (ADR 015); decorative: the title says what it is.
          // A PDF's page is shown from its top, where a catalogue names itself: a portrait page
          // cropped around its middle to the landscape card showed only white.
          <img
            src={`/files/${entry.id}/preview?v=${entry.updatedAt}`}
            alt=""
            loading="lazy"
            draggable={false}
            className={`h-full w-full object-cover ${entry.mediaType === 'application' ? 'object-top' : ''}`}
            data-testid="media-card-preview"
          />
        ) : (
          <MediaIcon type={entry.mediaType} className="h-10 w-10" />
        )
      }
      link={folderLink}
      onOpen={onOpen}
      menuItems={items}
      onDropInto={onDropInto}
      pick={pick}
    >
      <p className="truncate text-sm text-slate-600">{details}</p>
      {entry.description ? (
        <p className="truncate text-sm text-slate-700" title={entry.description} data-testid="media-description">
          {entry.description}
        </p>
      ) : null}
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
    </LibraryCard>
  );
}
