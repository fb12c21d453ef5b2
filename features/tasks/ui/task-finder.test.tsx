// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Task } from '@/features/tasks/model/task-types';
import { TaskFinderBar, useFinderReset } from './task-finder';
import { EMPTY_TASK_SLOTS, TaskSlotsProvider, type TaskSlots } from './task-slots';
import { useTaskFinder } from './use-task-finder';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Outside Next's router: the address the page arrived with.
vi.mock('next/navigation', () => ({ useSearchParams: () => new URLSearchParams(window.location.search) }));

function makeTask(id: string, title: string): Task {
  return { id, title, description: '', priority: 'Medium', deadline: '', progress: 0, assignedTo: 'Ana' };
}

const TASKS = [makeTask('1', 'Print the posters'), makeTask('2', 'Book the hall'), makeTask('3', 'Pay rent')];
/** The slot's counts: two tasks hold files. */
const FILES: Record<string, number> = { '1': 2, '3': 1 };
const ALL = TASKS.map((task) => task.title);
const WITH_A_FILE = ['Print the posters', 'Pay rent'];
const WITH_FILES: TaskSlots = { ...EMPTY_TASK_SLOTS, useFileCountOf: () => (task) => FILES[task.id] ?? 0 };

/** The finder as the board mounts it, with the titles of the tasks it shows. */
function Finder({ tasks }: { tasks: readonly Task[] }) {
  const finder = useTaskFinder(tasks, { columns: false });
  const { searchRef, resetAndFocus } = useFinderReset(finder.reset);
  return (
    <>
      <TaskFinderBar finder={finder} columns={false} searchRef={searchRef} onReset={resetAndFocus} />
      <ul>
        {finder.matches.map((task) => (
          <li key={task.id}>{task.title}</li>
        ))}
      </ul>
    </>
  );
}

/** The titles of the tasks shown. */
function shown(): string[] {
  return [...container.querySelectorAll('li')].map((item) => item.textContent ?? '');
}

let container: HTMLDivElement;
let root: Root;

function mount(slots: TaskSlots): void {
  act(() =>
    root.render(
      <TaskSlotsProvider slots={slots}>
        <Finder tasks={TASKS} />
      </TaskSlotsProvider>,
    ),
  );
}

function button(name: string): HTMLButtonElement | undefined {
  return [...container.querySelectorAll('button')].find((element) => element.textContent === name);
}

function hasFilesBox(): HTMLInputElement | null {
  const label = [...container.querySelectorAll('label')].find(
    (element) => element.textContent === 'Has files',
  );
  return label?.querySelector('input[type="checkbox"]') ?? null;
}

function click(element: HTMLElement | null | undefined): void {
  act(() => element!.click());
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  window.history.replaceState(null, '', '/user/dashboard');
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

describe("the finder's Has files", () => {
  it('is a checkbox behind Filters; checked, it keeps the tasks holding a file, counted, in the address', () => {
    mount(WITH_FILES);
    expect(hasFilesBox()).toBeNull();
    click(button('Filters'));
    expect(hasFilesBox()!.checked).toBe(false);
    // Drawn as a paperclip: its name is read out and shown on hover.
    expect(hasFilesBox()!.closest('label')!.title).toBe('Has files');
    expect(shown()).toEqual(ALL);

    click(hasFilesBox());
    expect(hasFilesBox()!.checked).toBe(true);
    expect(shown()).toEqual(WITH_A_FILE);
    expect(button('Filters (1)')).toBeDefined();
    expect(container.querySelector('[aria-live="polite"]')!.textContent).toBe('2 of 3 tasks');
    act(() => vi.runAllTimers());
    expect(window.location.search).toBe('?has=files');

    // Unchecked is "any" again, and the address forgets it.
    click(hasFilesBox());
    expect(shown()).toEqual(ALL);
    act(() => vi.runAllTimers());
    expect(window.location.search).toBe('');
  });

  it('an address with has=files brings it checked, the filters open', () => {
    window.history.replaceState(null, '', '/user/dashboard?has=FILES');
    mount(WITH_FILES);
    expect(hasFilesBox()!.checked).toBe(true);
    expect(button('Filters (1)')!.getAttribute('aria-expanded')).toBe('true');
    expect(shown()).toEqual(WITH_A_FILE);
  });

  it('Clear filters unchecks it', () => {
    mount(WITH_FILES);
    click(button('Filters'));
    click(hasFilesBox());
    click(button('Clear filters'));
    expect(hasFilesBox()!.checked).toBe(false);
    expect(shown()).toEqual(ALL);
  });

  it('keeps no task when the shell gives no files', () => {
    mount(EMPTY_TASK_SLOTS);
    click(button('Filters'));
    click(hasFilesBox());
    expect(shown()).toEqual([]);
    expect(container.querySelector('[aria-live="polite"]')!.textContent).toBe('0 of 3 tasks');
  });
});
