import { useDraggable } from '@dnd-kit/core';
import type { BoardJob } from '@tidyhouse/contract';
import { createContext, type KeyboardEvent, type PointerEvent, type ReactNode, useContext, useMemo, useRef } from 'react';
import { JobOpenerContext } from './jobOpener';

export interface DragData {
  kind: 'job' | 'resize';
  job: BoardJob;
}

export interface DragStarter {
  /** Starts dragging `node` (a block) as `data`, from the block's own pointer or key event. */
  start(event: PointerEvent<HTMLElement> | KeyboardEvent<HTMLElement>, node: HTMLElement, data: DragData): void;
  /** The id of @dnd-kit's screen-reader instructions, for the blocks' aria-describedby. */
  describedBy: string;
}

const DragStarterContext = createContext<DragStarter | null>(null);

export const useDragStarter = () => useContext(DragStarterContext);

/**
 * One @dnd-kit draggable for the whole board. Each `useDraggable` re-renders on every pointer move
 * of a drag (it reads @dnd-kit's internal context), so a day of 300 blocks each with its own hook
 * made every move re-render 300 components. Here the blocks are plain elements that hand their
 * pointer or key event to this single draggable, pointed at the pressed block, with what it carries.
 */
export function DragProxy({ children, onOpen }: { children: ReactNode; onOpen?: (job: BoardJob) => void }) {
  const data = useRef<DragData>({ kind: 'job', job: null as unknown as BoardJob }).current;
  const { setNodeRef, listeners, attributes } = useDraggable({ id: 'board-drag', data });
  const listenersRef = useRef(listeners);
  listenersRef.current = listeners;
  const describedBy = attributes['aria-describedby'];
  const starter = useMemo<DragStarter>(
    () => ({
      start(event, node, next) {
        data.kind = next.kind;
        data.job = next.job;
        setNodeRef(node);
        const handler = event.type === 'keydown' ? listenersRef.current?.onKeyDown : listenersRef.current?.onPointerDown;
        handler?.(event);
      },
      describedBy,
    }),
    [data, setNodeRef, describedBy],
  );
  return (
    <DragStarterContext.Provider value={starter}>
      {/* The blocks' other way in: a click or Enter opens the job (jobOpener.ts). */}
      <JobOpenerContext.Provider value={onOpen ?? null}>{children}</JobOpenerContext.Provider>
    </DragStarterContext.Provider>
  );
}
