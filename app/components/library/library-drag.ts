import { useState } from 'react';

/**
 * What a drag of a library card (media or templates) carries: the entry's id. Only cards set it,
 * so files dragged in from outside are not taken for one.
 */
export const LIBRARY_DRAG_TYPE = 'application/x-salon-library';

/** The props that make a card draggable (trashed entries are not: their one action is restore). */
export function dragSource(id: string, enabled: boolean): Pick<React.HTMLAttributes<HTMLElement>, 'draggable' | 'onDragStart'> {
  if (!enabled) return {};
  return {
    draggable: true,
    onDragStart: (event) => {
      event.dataTransfer.setData(LIBRARY_DRAG_TYPE, id);
      event.dataTransfer.effectAllowed = 'move';
    },
  };
}

/**
 * A place a card can be dropped on (a breadcrumb entry, a folder card): it lights up while a card
 * is over it and hands the dropped entry's id on. The types are readable during the drag, the
 * data only on drop.
 */
export function useDropTarget(onDropId: (id: string) => void, enabled = true) {
  const [over, setOver] = useState(false);
  if (!enabled) return { over: false, props: {} };
  const accepts = (event: React.DragEvent) => event.dataTransfer.types.includes(LIBRARY_DRAG_TYPE);
  const props: Pick<React.HTMLAttributes<HTMLElement>, 'onDragOver' | 'onDragEnter' | 'onDragLeave' | 'onDrop'> = {
    onDragEnter: (event) => {
      if (accepts(event)) setOver(true);
    },
    onDragOver: (event) => {
      if (!accepts(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
    },
    onDragLeave: (event) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
    },
    onDrop: (event) => {
      setOver(false);
      const id = event.dataTransfer.getData(LIBRARY_DRAG_TYPE);
      if (!id) return;
      event.preventDefault();
      onDropId(id);
    },
  };
  return { over, props };
}
