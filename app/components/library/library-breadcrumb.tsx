import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu } from '~/components/menu';
import type { LibraryFolder } from '~/core/media-library';
import { MediaIcon } from '~/components/media/media-icons';
import { useDropTarget } from './library-drag';

type To = { pathname: string; search: string; hash: string };

interface Props {
  /** The top level's name (all media, all templates). */
  rootLabel: string;
  /** The folders from the top down to where the reader is, split by the breadcrumb's rule. */
  hidden: LibraryFolder[];
  shown: LibraryFolder[];
  inTrash: boolean;
  /** Whether the library has a trash to offer at the end (the parties' folders have none). */
  trash?: boolean;
  linkTo: (folderId: string | null | 'trash') => To;
  onOpen: (folderId: string | null) => void;
  /** A card dropped on an entry: into that folder (null: the top level), or into the trash. */
  onDrop: (id: string, target: string | null | 'trash') => void;
}

/**
 * The breadcrumb of the media library, the templates and the party folders: the top level, an ellipsis for the
 * levels above the last two (a menu of them; BREADCRUMB_LEVELS), the last two folders, and the
 * trash apart at the end.
 * Every entry takes a dropped card: it moves there, or into the trash.
 */
export function LibraryBreadcrumb({ rootLabel, hidden, shown, inTrash, trash = true, linkTo, onOpen, onDrop }: Props) {
  const { t } = useTranslation();
  const last = shown[shown.length - 1];
  return (
    <nav aria-label={t('media.breadcrumb')} className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-2">
      <ol className="flex min-w-0 flex-wrap items-center gap-1 text-slate-700">
        <Entry to={linkTo(null)} current={!inTrash && shown.length === 0} onDrop={(id) => onDrop(id, null)}>
          {rootLabel}
        </Entry>
        {hidden.length > 0 ? (
          <li className="flex items-center gap-1">
            <Separator />
            <Menu
              label={t('media.moreLevels')}
              buttonContent={<span aria-hidden="true">…</span>}
              align="left"
              items={hidden.map((folder) => ({ key: folder.id, label: folder.title, onSelect: () => onOpen(folder.id) }))}
              listClassName="w-56"
              buttonClassName="rounded-lg px-2 py-1 font-medium hover:bg-slate-100"
            />
          </li>
        ) : null}
        {shown.map((folder) => (
          <Entry key={folder.id} to={linkTo(folder.id)} current={!inTrash && folder === last} separated onDrop={(id) => onDrop(id, folder.id)}>
            {folder.title}
          </Entry>
        ))}
        {inTrash ? (
          <Entry to={linkTo('trash')} current separated onDrop={() => undefined}>
            {t('media.trash')}
          </Entry>
        ) : null}
      </ol>
      {inTrash || !trash ? null : <TrashEntry to={linkTo('trash')} onDrop={(id) => onDrop(id, 'trash')} />}
    </nav>
  );
}

function Separator() {
  return (
    <span aria-hidden="true" className="text-slate-400">
      ›
    </span>
  );
}

function Entry({
  to,
  current,
  separated = false,
  onDrop,
  children,
}: {
  to: To;
  current: boolean;
  separated?: boolean;
  onDrop: (id: string) => void;
  children: ReactNode;
}) {
  const drop = useDropTarget(onDrop, !current);
  return (
    <li className="flex min-w-0 items-center gap-1">
      {separated ? <Separator /> : null}
      {current ? (
        <span aria-current="page" className="max-w-[12rem] truncate rounded-lg px-2 py-1 font-semibold text-slate-900">
          {children}
        </span>
      ) : (
        <Link
          to={to}
          {...drop.props}
          className={`max-w-[12rem] truncate rounded-lg px-2 py-1 font-medium text-primary-dark hover:bg-slate-100 hover:underline ${drop.over ? 'bg-primary-light ring-2 ring-primary-dark' : ''}`}
        >
          {children}
        </Link>
      )}
    </li>
  );
}

function TrashEntry({ to, onDrop }: { to: To; onDrop: (id: string) => void }) {
  const { t } = useTranslation();
  const drop = useDropTarget(onDrop);
  return (
    <Link
      to={to}
      {...drop.props}
      className={`flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 ${drop.over ? 'bg-primary-light ring-2 ring-primary-dark' : ''}`}
    >
      <MediaIcon type="trash" className="h-4 w-4" />
      {t('media.trash')}
    </Link>
  );
}
