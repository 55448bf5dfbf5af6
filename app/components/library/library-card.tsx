import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DotsIcon, Menu } from '~/components/menu';
import type { MenuItem } from '~/components/menu';
import { dragSource, useDropTarget } from './library-drag';

type To = { pathname: string; search: string; hash: string };

interface Props {
  id: string;
  title: string;
  /** For tests and styles: the entry's kind. */
  type: string;
  testId: string;
  isFolder: boolean;
  /** In the trash: not draggable, takes no drop, nothing opens: its one action is restore. */
  trashed: boolean;
  /** The top of the card: a preview or the kind's icon. */
  picture: ReactNode;
  /** Lines under the title (kind, date, size, where it lies, its state…). */
  children?: ReactNode;
  /** The title opens this address (a folder, a template)… */
  link?: To | string | undefined;
  /** …or does this (a media item's viewer). */
  onOpen?: (() => void) | undefined;
  menuItems: MenuItem[];
  /** A card dropped on this folder's card. */
  onDropInto?: ((id: string) => void) | undefined;
  /**
   * In a picker (the chat's media picker): no menu, no dragging, and a checkbox for an entry that
   * may be chosen (null: not to be chosen, but it still opens, as a folder does).
   */
  pick?: CardPick | null | undefined;
}

export interface CardPick {
  selected: boolean;
  disabled: boolean;
  onToggle: () => void;
}

/**
 * One entry of a library page, media or templates (a card of 250 × 150): a picture, the title and
 * the entry's lines, a menu. The title's link or button covers the card, so the whole card opens;
 * the menu sits above it. Cards outside the trash can be dragged onto a breadcrumb entry or a
 * folder's card.
 */
export function LibraryCard({ id, title, type, testId, isFolder, trashed, picture, children, link, onOpen, menuItems, onDropInto, pick }: Props) {
  const { t } = useTranslation();
  const picking = pick !== undefined;
  const drop = useDropTarget(
    (dropped) => {
      if (dropped !== id) onDropInto?.(dropped);
    },
    isFolder && !trashed && onDropInto !== undefined && !picking,
  );
  const still = trashed || picking;
  return (
    <li
      data-testid={testId}
      data-type={type}
      {...dragSource(id, !still)}
      {...drop.props}
      className={`relative flex h-[150px] min-w-0 flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-slate-200 ${drop.over || pick?.selected ? 'ring-2 ring-primary-dark' : 'ring-1'} ${still ? '' : 'cursor-grab active:cursor-grabbing'}`}
    >
      <div className={`flex min-h-0 flex-1 items-center justify-center ${isFolder ? 'bg-primary-light text-primary-dark' : 'bg-slate-100 text-slate-600'}`}>
        {picture}
      </div>
      <div className="px-3 py-2">
        <h2 className="truncate font-medium" title={title}>
          {pick ? (
            <label className={`block truncate after:absolute after:inset-0 after:content-[''] ${pick.disabled ? '' : 'cursor-pointer hover:underline'}`}>
              <input
                type="checkbox"
                checked={pick.selected}
                disabled={pick.disabled}
                onChange={pick.onToggle}
                className="absolute top-2.5 right-2.5 z-10 h-5 w-5 accent-primary-dark"
              />
              {title}
            </label>
          ) : link ? (
            <Link to={link} draggable={false} className="after:absolute after:inset-0 after:content-[''] hover:underline">
              {title}
            </Link>
          ) : onOpen ? (
            <button
              type="button"
              onClick={onOpen}
              draggable={false}
              className="block w-full truncate text-left after:absolute after:inset-0 after:content-[''] hover:underline"
            >
              {title}
            </button>
          ) : (
            title
          )}
        </h2>
        {children}
      </div>
      {picking ? null : (
        // No z-index here: it would make a stacking context that holds the open menu (fixed, z-40)
        // below the sticky header and below the next card's button. Later in the card than its
        // link's overlay, the button is drawn above it anyway.
        <div className="absolute top-1.5 right-1.5">
          <Menu
            label={t('media.menu', { title })}
            buttonContent={<DotsIcon vertical className="h-5 w-5" />}
            items={menuItems}
            listClassName="w-56"
            buttonClassName="rounded-full bg-white/90 p-1.5 text-slate-700 shadow-sm ring-1 ring-slate-200 hover:bg-white"
          />
        </div>
      )}
    </li>
  );
}
