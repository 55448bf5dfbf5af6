import { CardSlot } from '~/components/cards/card-slot';
import { isCardType } from '~/core/cards';
import { templateAnswer } from '~/core/card-text';
import type { Announcements, DragEndEvent, KeyboardCoordinateGetter, UniqueIdentifier } from '@dnd-kit/core';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageOption } from '~/components/chat/message-item';
import { MessageItem } from '~/components/chat/message-item';
import { preview } from '~/core/message-preview';
import type { EditorMode } from '~/core/template-editor';
import { TEMPLATE_SENDER, dropTarget } from '~/core/template-editor';
import type { ChatMessage } from '~/core/messages';

const noop = () => undefined;
const NO_OPTIONS: MessageOption[] = [];

interface Props {
  messages: ChatMessage[];
  mode: EditorMode;
  /** The owner may reorder, pick an insert point and use a message's menu; a recipient only reads. */
  editable: boolean;
  /** The insert point: new messages go before this one; null: at the end. */
  insertBefore: string | null;
  onInsertPoint: (beforeId: string | null) => void;
  /** Move mode: the selected messages go before this one (null: the end). */
  onMoveHere: (beforeId: string | null) => void;
  /** A drag (pointer or keyboard) dropped a message before another, or at the end (null). */
  onDragMove: (messageId: string, beforeId: string | null) => void;
  onToggle: (id: string) => void;
  menuFor: (message: ChatMessage) => MessageOption[];
  onOpenMedia: (message: ChatMessage) => void;
}

/**
 * The template's messages in order, shown with the chat's message component. For the owner each
 * has a drag handle (@dnd-kit: pointer, and keyboard with Space to lift, arrows to move, Space to
 * drop, each step announced), and between them a marker that sets the insert point (clicking the
 * set one clears it); in move mode the markers become the places the selection can go.
 */
export function TemplateMessageList(props: Props) {
  const { messages, mode, editable, insertBefore, onMoveHere } = props;
  const { t } = useTranslation();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: stepByStep }));
  const ids = messages.map((message) => message.id);
  const selecting = mode.kind === 'massDelete' || mode.kind === 'forward' || mode.kind === 'move';
  const draggable = editable && mode.kind === 'normal';
  const position = (id: string | number) => ids.indexOf(String(id)) + 1;
  const total = ids.length;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('templateEditor.drag.picked', { position: position(active.id), total }),
    onDragOver: ({ over }) => (over ? t('templateEditor.drag.over', { position: position(over.id), total }) : t('templateEditor.drag.outside')),
    onDragEnd: ({ over }) => (over ? t('templateEditor.drag.dropped', { position: position(over.id), total }) : t('templateEditor.drag.outside')),
    onDragCancel: ({ active }) => t('templateEditor.drag.cancelled', { position: position(active.id), total }),
  };
  // The editor's callbacks change at every render; the rows get stable ones that call the newest,
  // so a row whose own message and state did not change does not render again (200 messages).
  const latest = useRef(props);
  latest.current = props;
  const handlers = useMemo<RowHandlers>(
    () => ({
      insertPoint: (id) => latest.current.onInsertPoint(latest.current.insertBefore === id ? null : id),
      moveHere: (id) => latest.current.onMoveHere(id),
      toggle: (id) => latest.current.onToggle(id),
      menuFor: (message) => latest.current.menuFor(message),
      openMedia: (message) => latest.current.onOpenMedia(message),
    }),
    [],
  );

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over) return;
    const beforeId = dropTarget(ids, String(active.id), String(over.id));
    if (beforeId !== undefined) props.onDragMove(String(active.id), beforeId);
  }

  const moving = mode.kind === 'move';
  const moveReady = moving && mode.selected.size > 0;
  const marker: MarkerState = !editable || !(mode.kind === 'normal' || moving) ? 'none' : moving ? (moveReady ? 'moveHere' : 'moveWaiting') : 'insert';
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('templateEditor.drag.instructions') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="pb-4" data-testid="template-messages">
          {messages.map((message) => (
            <SortableRow key={message.id} id={message.id} draggable={draggable} handleLabel={t('templateEditor.dragHandle', { what: preview(message, 40) })}>
              <RowContent
                message={message}
                marker={marker}
                insertHere={insertBefore === message.id}
                selected={selecting ? mode.selected.has(message.id) : undefined}
                withMenu={editable && mode.kind === 'normal'}
                handlers={handlers}
              />
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
      {moving ? <Marker label={t('templateEditor.moveToEnd')} active={false} moving disabled={!moveReady} onClick={() => onMoveHere(null)} /> : null}
    </DndContext>
  );
}

interface RowHandlers {
  insertPoint: (id: string) => void;
  moveHere: (id: string) => void;
  toggle: (id: string) => void;
  menuFor: (message: ChatMessage) => MessageOption[];
  openMedia: (message: ChatMessage) => void;
}

/** What the place above a message offers: nothing, the insert point, or a move target (ready or not yet). */
type MarkerState = 'none' | 'insert' | 'moveHere' | 'moveWaiting';

/** One message with the place above it; renders again only when its own props change. */
const RowContent = memo(function RowContent({
  message,
  marker,
  insertHere,
  selected,
  withMenu,
  handlers,
}: {
  message: ChatMessage;
  marker: MarkerState;
  insertHere: boolean;
  selected: boolean | undefined;
  withMenu: boolean;
  handlers: RowHandlers;
}) {
  const { t } = useTranslation();
  const moving = marker === 'moveHere' || marker === 'moveWaiting';
  return (
    <>
      {marker !== 'none' ? (
        <Marker
          label={
            moving
              ? t('templateEditor.moveHere')
              : insertHere
                ? t('templateEditor.insertPointClear')
                : t('templateEditor.insertPointSet', { what: preview(message, 40) })
          }
          active={!moving && insertHere}
          moving={moving}
          disabled={marker === 'moveWaiting'}
          onClick={() => (moving ? handlers.moveHere(message.id) : handlers.insertPoint(message.id))}
        />
      ) : null}
      <MessageItem
        message={message}
        // The template is the author of all its messages: they show as one's own bubbles.
        mine={message.sender === TEMPLATE_SENDER}
        repliedTo={undefined}
        receipts={null}
        selection={selected === undefined ? undefined : { selected, toggle: () => handlers.toggle(message.id) }}
        onJump={noop}
        onOpenMedia={handlers.openMedia}
        menuOptions={withMenu ? handlers.menuFor(message) : NO_OPTIONS}
        timeless
        card={isCardType(message.messageType) ? <CardSlot message={message} answer={templateAnswer(message.message)} /> : undefined}
      />
    </>
  );
});

/**
 * An arrow key moves the lifted message one place up or down the list. The sortable preset looks
 * for the nearest corners instead, which skips a tall neighbour (a photo) next to a short one (a
 * heading); this puts the message's middle on the next message's middle.
 */
const stepByStep: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const step = event.code === 'ArrowDown' ? 1 : event.code === 'ArrowUp' ? -1 : 0;
  const { active, over, collisionRect, droppableRects } = context;
  if (step === 0 || !active || !collisionRect) return undefined;
  event.preventDefault();
  const items = (active.data.current?.sortable?.items ?? []) as UniqueIdentifier[];
  const next = items[items.indexOf(over?.id ?? active.id) + step];
  const rect = next === undefined ? undefined : droppableRects.get(next);
  if (!rect) return undefined;
  return { x: currentCoordinates.x, y: currentCoordinates.y + rect.top + rect.height / 2 - (collisionRect.top + collisionRect.height / 2) };
};

function SortableRow({ id, draggable, handleLabel, children }: { id: string; draggable: boolean; handleLabel: string; children: React.ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: !draggable });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`relative flex items-end gap-1 ${isDragging ? 'z-10 opacity-80' : ''}`}
      data-testid="template-row"
    >
      <div className="min-w-0 flex-1">{children}</div>
      {draggable ? (
        <button
          ref={setActivatorNodeRef}
          type="button"
          {...attributes}
          {...listeners}
          aria-label={handleLabel}
          className="mb-2 flex h-11 w-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-slate-500 hover:bg-slate-200 active:cursor-grabbing"
          data-testid="drag-handle"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
            <circle cx="9" cy="6" r="1.6" />
            <circle cx="15" cy="6" r="1.6" />
            <circle cx="9" cy="12" r="1.6" />
            <circle cx="15" cy="12" r="1.6" />
            <circle cx="9" cy="18" r="1.6" />
            <circle cx="15" cy="18" r="1.6" />
          </svg>
        </button>
      ) : null}
    </li>
  );
}

/**
 * The place between two messages. Normally a thin line that sets the insert point (and shows it
 * while set); in move mode a visible button that moves the selection there.
 */
function Marker({ label, active, moving, disabled, onClick }: { label: string; active: boolean; moving: boolean; disabled: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  if (moving) {
    return (
      <button
        type="button"
        disabled={disabled}
        onClick={onClick}
        className="my-1 flex w-full items-center gap-2 rounded-lg border-2 border-dashed border-primary px-3 py-1.5 text-sm font-medium text-primary-dark hover:bg-primary-light/40 disabled:opacity-40"
        data-testid="move-here"
      >
        <span aria-hidden="true">↳</span>
        {label}
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      aria-pressed={active}
      className={`group/marker flex w-full items-center gap-2 py-1 text-xs font-semibold uppercase tracking-wide ${active ? 'text-secondary-dark' : 'text-slate-300 hover:text-slate-600 focus-visible:text-slate-600'}`}
      data-testid="insert-marker"
    >
      <span
        className={`h-0.5 flex-1 rounded ${active ? 'bg-secondary-dark' : 'bg-transparent group-hover/marker:bg-slate-300 group-focus-visible/marker:bg-slate-300'}`}
        aria-hidden="true"
      />
      <span aria-hidden="true">{active ? t('templateEditor.insertPointHere') : '+'}</span>
      <span
        className={`h-0.5 flex-1 rounded ${active ? 'bg-secondary-dark' : 'bg-transparent group-hover/marker:bg-slate-300 group-focus-visible/marker:bg-slate-300'}`}
        aria-hidden="true"
      />
    </button>
  );
}
