'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

/** Performance marks read by `npm run bench:board`. */
export const BOARD_MARKS = {
  renderStart: 'tasklane:board-render-start',
  rendered: 'tasklane:board-rendered',
  /** The first frame with the board on screen: after the commit, the next animation frame has painted. */
  painted: 'tasklane:board-painted',
  dropStart: 'tasklane:drop',
  dropSaved: 'tasklane:drop-to-saved',
  dropRendered: 'tasklane:drop-to-rendered',
  /** A drop → the next frame painted with it. */
  dropPainted: 'tasklane:drop-to-painted',
} as const;

function markRenderStart(): true {
  if (typeof performance !== 'undefined') performance.mark(BOARD_MARKS.renderStart);
  return true;
}

/**
 * The board's benchmark marks: its first render, commit and paint, and for each drop the time to save
 * and the time until the board shows it. Call it with the tasks the board renders; wrap each drop's save
 * in the returned `timeDrop`.
 */
export function useBoardMarks(tasks: readonly unknown[]): {
  /** Times `save`, which returns whether it wrote (a drop on the card's own column writes nothing). */
  timeDrop: (save: () => boolean) => void;
} {
  const dropPending = useRef(false);
  // A lazy initial state runs once, in the first render.
  useState(markRenderStart);

  useEffect(() => {
    if (performance.getEntriesByName(BOARD_MARKS.rendered).length > 0) return;
    performance.mark(BOARD_MARKS.rendered);
    // A task queued from the next animation frame runs once that frame has been painted.
    requestAnimationFrame(() => setTimeout(() => performance.mark(BOARD_MARKS.painted), 0));
  }, []);

  useEffect(() => {
    if (!dropPending.current) return;
    dropPending.current = false;
    performance.measure(BOARD_MARKS.dropRendered, BOARD_MARKS.dropStart);
    requestAnimationFrame(() =>
      setTimeout(() => performance.measure(BOARD_MARKS.dropPainted, BOARD_MARKS.dropStart), 0),
    );
  }, [tasks]);

  const timeDrop = useCallback((save: () => boolean) => {
    performance.mark(BOARD_MARKS.dropStart);
    // Pending before the write, which is what re-renders the board.
    dropPending.current = true;
    if (!save()) dropPending.current = false;
    performance.measure(BOARD_MARKS.dropSaved, BOARD_MARKS.dropStart);
  }, []);

  return { timeDrop };
}
