'use client';

import type { BoardFilter } from '@/features/tasks/model/board-filter';
import { SegmentedChoice } from '@/shared/ui/segmented-choice';

/**
 * 'Mine / All' above the member board, team sync on only (docs/product.md#board-filter): a radio group
 * 'Tasks on the board' under the segmented look, so Tab reaches the chosen one and the arrow keys
 * switch, as in any radio group, and screen readers say 'radio, 1 of 2'.
 */
export function BoardFilterControl({
  value,
  counts,
  onChange,
}: {
  value: BoardFilter;
  counts: Record<BoardFilter, number>;
  onChange: (value: BoardFilter) => void;
}) {
  return (
    <SegmentedChoice
      legend="Tasks on the board"
      className="mb-4"
      value={value}
      onChange={onChange}
      options={[
        { value: 'mine', label: `Mine (${counts.mine})` },
        { value: 'all', label: `All (${counts.all})` },
      ]}
    />
  );
}
