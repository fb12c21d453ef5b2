// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocalStore } from '@/shared/hooks/use-local-store';
import { tasksStore } from '@/features/tasks/client/tasks';
import type { Task } from '@/features/tasks/model/task-types';
import { RepeatSection } from './repeat-section';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const TASK: Task = {
  id: 't1',
  title: 'Standup',
  description: 'Notes',
  priority: 'Medium',
  deadline: '2026-11-26',
  progress: 0,
  assignedTo: 'Asha',
};

/** The section as the task view mounts it: the stored task, re-read on every write. */
function Mounted() {
  const task = useLocalStore(tasksStore).find((candidate) => candidate.id === 't1');
  return task ? <RepeatSection task={task} /> : null;
}

let container: HTMLDivElement;
let root: Root;

function stored(): Task {
  return (JSON.parse(localStorage.getItem('tasks') ?? '[]') as Task[])[0]!;
}

function select(): HTMLSelectElement {
  return container.querySelector('select')!;
}

function daysInput(): HTMLInputElement | null {
  return container.querySelector('input[type="number"]');
}

function choose(label: string): void {
  act(() => {
    const element = select();
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(element, label);
    element.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

function typeDays(text: string): void {
  act(() => {
    const input = daysInput()!;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function text(): string {
  return container.textContent ?? '';
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date(2026, 10, 20, 12), toFake: ['Date'] });
  localStorage.clear();
  localStorage.setItem('tasks', JSON.stringify([TASK]));
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<Mounted />));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

describe('RepeatSection', () => {
  it('offers the six choices, Never first, with nothing else shown', () => {
    expect([...select().options].map((option) => option.text)).toEqual([
      'Never',
      'Daily',
      'Weekly',
      'Monthly',
      'Yearly',
      'Every N days',
    ]);
    expect(select().value).toBe('Never');
    expect(text()).not.toContain('Counted from');
    expect(text()).not.toContain('Next:');
  });

  it('saves a choice as it is made and says the next deadline', () => {
    choose('Weekly');
    expect(stored().repeat).toEqual({ every: 'week', interval: 1, from: 'deadline' });
    expect(text()).toContain('Next: 2026-12-03');
    const radios = [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((radio) => radio.parentElement!.textContent)).toEqual([
      'The deadline',
      'The day it is completed',
    ]);
    expect(container.querySelector('legend')!.textContent).toBe('Counted from');
    act(() => radios[1]!.click());
    expect(stored().repeat).toEqual({ every: 'week', interval: 1, from: 'completion' });
    expect(text()).toContain('Next: 2026-11-27, if completed today');
    choose('Never');
    expect(stored().repeat).toBeUndefined();
    expect(text()).not.toContain('Next:');
  });

  it('every N days: 2 to start with, a message for N out of range (nothing stored), N = 1 stays its own choice', () => {
    choose('Every N days');
    expect(daysInput()!.value).toBe('2');
    expect(stored().repeat).toEqual({ every: 'day', interval: 2, from: 'deadline' });
    for (const wrong of ['0', '366', '1.5', '']) {
      typeDays(wrong);
      expect(text()).toContain('Enter a whole number of days from 1 to 365.');
      expect(daysInput()!.getAttribute('aria-invalid')).toBe('true');
      expect(stored().repeat).toEqual({ every: 'day', interval: 2, from: 'deadline' });
    }
    typeDays('10');
    expect(text()).not.toContain('Enter a whole number');
    expect(stored().repeat).toEqual({ every: 'day', interval: 10, from: 'deadline' });
    expect(text()).toContain('Next: 2026-12-06');
    typeDays('1');
    expect(stored().repeat).toEqual({ every: 'day', interval: 1, from: 'deadline' });
    expect(select().value).toBe('Every N days');
  });

  it('says when the next occurrence is made', () => {
    act(() => {
      localStorage.setItem(
        'tasks',
        JSON.stringify([
          { ...TASK, repeat: { every: 'month', interval: 1, from: 'deadline' }, repeatedAs: '9' },
        ]),
      );
      window.dispatchEvent(new StorageEvent('storage', { key: 'tasks' }));
    });
    expect(select().value).toBe('Monthly');
    expect(text()).toContain('Its next occurrence is made.');
  });
});
