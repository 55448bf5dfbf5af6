import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '~/components/dialog';
import { DialogActions, DialogTitle } from '~/components/dialog-actions';
import type { ErrorCode } from '~/core/errors';
import type { LibraryFolder } from '~/core/media-library';
import { moveTargets } from '~/core/media-library';
import { MediaIcon } from '~/components/media/media-icons';

/**
 * Move an item, a template or a folder: the folders as a tree to choose from, without the entry
 * itself and, for a folder, anything below it (`moveTargets`, app/core/media-library.ts). The
 * entry's current place is shown but cannot be chosen: moving there changes nothing.
 */
export function MoveDialog({
  topTitle,
  entry,
  currentFolderId,
  folders,
  busy,
  error,
  onMove,
  onCancel,
}: {
  /** The top level's name (all media, all templates). */
  topTitle: string;
  entry: { id: string; title: string; isFolder: boolean };
  currentFolderId: string | null;
  folders: LibraryFolder[];
  busy: boolean;
  error: ErrorCode | null;
  onMove: (folderId: string | null) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [choice, setChoice] = useState<string | null | undefined>(undefined);
  const targets = moveTargets(entry, folders, i18n.language, topTitle);
  return (
    <Dialog aria-labelledby={`${id}-heading`} onCancel={onCancel} size="md">
      <form
        className="flex max-h-[calc(100dvh-3rem)] flex-col p-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (choice !== undefined && !busy) onMove(choice);
        }}
      >
        <DialogTitle id={`${id}-heading`} className="wrap-anywhere">
          {t('media.moveTitle', { title: entry.title })}
        </DialogTitle>
        <fieldset className="mt-3 min-h-0 flex-1">
          <legend className="font-medium">{t('media.destination')}</legend>
          <ul className="mt-2 max-h-[50dvh] overflow-y-auto rounded-lg ring-1 ring-slate-200" data-testid="move-targets">
            {targets.map((target) => {
              const here = target.folderId === currentFolderId;
              return (
                <li key={target.folderId ?? ''}>
                  <label
                    className={`flex items-center gap-2 py-2 pr-3 ${here ? 'text-slate-500' : 'cursor-pointer hover:bg-slate-50'}`}
                    style={{ paddingLeft: `${0.75 + Math.min(target.depth, 8) * 1.25}rem` }}
                  >
                    <input
                      type="radio"
                      name="destination"
                      disabled={here}
                      checked={choice === target.folderId}
                      onChange={() => setChoice(target.folderId)}
                      className="shrink-0"
                    />
                    <MediaIcon type="folder" className="h-5 w-5 shrink-0 text-primary-dark" />
                    <span className="min-w-0 truncate">{target.title}</span>
                    {here ? <span className="shrink-0 text-sm">({t('media.currentPlace')})</span> : null}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
        {error ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-800">
            {t(`errors.${error}`)}
          </p>
        ) : null}
        <DialogActions confirmLabel={t('media.move')} onCancel={onCancel} confirmDisabled={choice === undefined || busy} />
      </form>
    </Dialog>
  );
}
