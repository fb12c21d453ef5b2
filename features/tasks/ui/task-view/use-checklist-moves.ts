'use client';

import { PointerSensor, TouchSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { deleteChecklistItem, moveChecklistItem } from '@/features/tasks/client/checklist-commands';
import type { ChecklistItem } from '@/features/tasks/model/checklist';
import { CHECKLIST_TEXTS, checkboxId, moveId, run } from './checklist-shared';

/** A focus target no element has: focus goes to `Add an item`. */
const ADD_FIELD = '';

/**
 * Moving and deleting the checklist's items: by drag (mouse, pen, finger) or by the `Move up`/`Move down`
 * and `Delete` buttons. A keyboard move is announced and keeps focus on a Move button; a delete sends
 * focus to the neighbouring item, or to `addRef` once the list is empty.
 */
export function useChecklistMoves(
  taskId: string,
  items: ChecklistItem[],
  addRef: RefObject<HTMLInputElement | null>,
) {
  const [announcement, setAnnouncement] = useState('');
  // After a keyboard move or a delete, where focus goes once the list has redrawn.
  const focusTarget = useRef<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
  );

  useEffect(() => {
    const target = focusTarget.current;
    if (target === null) return;
    focusTarget.current = null;
    const element = document.getElementById(target) as HTMLButtonElement | HTMLInputElement | null;
    if (element && !element.disabled) element.focus();
    else addRef.current?.focus();
  }, [items, addRef]);

  function move(item: ChecklistItem, toIndex: number, focusId?: string) {
    const result = run(() => moveChecklistItem(taskId, item.id, toIndex));
    if (!result?.ok || !result.written) return;
    setAnnouncement(CHECKLIST_TEXTS.moved(item.text, toIndex + 1, items.length));
    if (focusId) focusTarget.current = focusId;
  }

  function remove(index: number) {
    const item = items[index]!;
    const result = run(() => deleteChecklistItem(taskId, item.id));
    if (!result?.ok) return;
    const next = items[index + 1] ?? items[index - 1];
    focusTarget.current = next ? checkboxId(taskId, next.id) : ADD_FIELD;
  }

  // Focus stays on the button pressed, or on the other one once the item reaches an end.
  function moveUp(index: number) {
    const item = items[index]!;
    move(item, index - 1, moveId(taskId, item.id, index > 1 ? 'up' : 'down'));
  }

  function moveDown(index: number) {
    const item = items[index]!;
    move(item, index + 1, moveId(taskId, item.id, index < items.length - 2 ? 'down' : 'up'));
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const item = items.find((candidate) => candidate.id === active.id);
    const toIndex = items.findIndex((candidate) => candidate.id === over.id);
    if (item && toIndex !== -1) move(item, toIndex);
  }

  return { announcement, sensors, moveUp, moveDown, remove, handleDragEnd };
}
