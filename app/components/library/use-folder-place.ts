import { useLocation, useNavigate } from '@remix-run/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { LibraryFolder, LibraryPlace } from '~/core/media-library';
import { breadcrumb, hashOf, libraryTree, placeOfHash } from '~/core/media-library';

/**
 * Where a page with folders is (the libraries, and the parties dashboard; ADR 028, ADR 037): the
 * place in the address's hash (which never reaches the server, so the first render is the top
 * level on both sides), links to other places, a place that no longer exists sending the reader
 * to the top level once, and the breadcrumb's folders.
 */
export function useFolderPlace(folders: LibraryFolder[], rootTitle: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const tree = useMemo(() => libraryTree(folders), [folders]);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const hash = mounted ? location.hash : '';
  const resolved = useMemo(() => placeOfHash(hash, folders), [hash, folders]);
  const place: LibraryPlace = resolved ?? { kind: 'folder', folderId: null };
  const folderId = place.kind === 'folder' ? place.folderId : null;
  const inTrash = place.kind === 'trash';
  const titleOf = useCallback(
    (id: string | null) => (id === null ? rootTitle : (folders.find((folder) => folder.id === id)?.title ?? rootTitle)),
    [folders, rootTitle],
  );

  const to = useCallback(
    (target: string | null | 'trash') => {
      const hash = hashOf(target === 'trash' ? { kind: 'trash' } : { kind: 'folder', folderId: target }, tree);
      return { pathname: location.pathname, search: location.search, hash: hash ? `#${hash}` : '' };
    },
    [tree, location.pathname, location.search],
  );
  const open = (target: string | null | 'trash') => navigate(to(target));

  // A hash naming no folder (one since moved or trashed, a mistyped address): the top level, said once.
  const gone = resolved === null;
  useEffect(() => {
    if (gone) navigate({ pathname: location.pathname, search: location.search, hash: '' }, { replace: true, state: { folderGone: true } });
  }, [gone, navigate, location.pathname, location.search]);
  const folderGone = mounted && (location.state as { folderGone?: boolean } | null)?.folderGone === true;
  const { hidden, shown } = breadcrumb(folderId, folders);

  return { navigate, tree, mounted, gone, folderId, inTrash, titleOf, to, open, folderGone, hidden, shown };
}
