import { AppError } from '../../app/core/errors';
import { folderTree, inTrashedFolder } from '../../app/core/folders';
import { IdSchema } from '../../app/core/schemas';
import type { Db } from '../db/client';
import { folderRows } from '../db/library';
import { ownMediaItem } from '../db/media';
import type { MediaItemRow } from '../db/schema';

/**
 * The owner's item, not in the trash (itself or with a folder): what calls about one item's bytes
 * (conversion, preview) work on. Someone else's item is not found, as everywhere in the library.
 */
export async function ownLiveItem(db: Db, userId: string, id: string): Promise<MediaItemRow> {
  if (!IdSchema.safeParse(id).success) throw new AppError('mediaNotFound');
  const item = await ownMediaItem(db, userId, id);
  if (!item) throw new AppError('mediaNotFound');
  if (item.trashedAt !== null) throw new AppError('mediaTrashed');
  if (item.folderId !== null) {
    const folders = await folderRows(db, 'media', userId);
    if (inTrashedFolder(item.folderId, folderTree(folders))) throw new AppError('mediaTrashed');
  }
  return item;
}
