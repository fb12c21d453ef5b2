'use client';

import { useState } from 'react';
import { SegmentedChoice } from '@/shared/ui/segmented-choice';
import { SelectField } from '@/shared/ui/select-field';
import { TextField } from '@/shared/ui/text-field';
import { useToday } from '@/shared/hooks/use-today';
import { saveSafely } from '@/shared/browser-storage/save-safely';
import { setTaskRepeat } from '@/features/tasks/client/task-commands';
import {
  readRepeatInterval,
  repeatChoiceOf,
  repeatNextLine,
  repeatRuleFor,
  REPEAT_CHOICE_LABELS,
  REPEAT_CHOICES,
  REPEAT_FROM,
  REPEAT_FROM_LABELS,
  REPEAT_INTERVAL_MESSAGE,
  type RepeatChoice,
  type RepeatFrom,
  type TaskRepeat,
} from '@/features/tasks/model/repeat';
import type { Task } from '@/features/tasks/model/task-types';

const CHOICE_LABELS = REPEAT_CHOICES.map((choice) => REPEAT_CHOICE_LABELS[choice]);
const CHOICE_BY_LABEL = new Map(REPEAT_CHOICES.map((choice) => [REPEAT_CHOICE_LABELS[choice], choice]));
const FROM_OPTIONS = REPEAT_FROM.map((from) => ({ value: from, label: REPEAT_FROM_LABELS[from] }));
const DEFAULT_DAYS = 2;

/**
 * The choice to show for a stored rule: `Every N days` stays chosen while the rule is every N days
 * (N = 1 included, which would otherwise show as Daily), and while N is being corrected.
 */
function shownChoice(rule: TaskRepeat | undefined, picked: RepeatChoice | null): RepeatChoice {
  if (picked === 'days' && (rule === undefined || rule.every === 'day')) return 'days';
  return repeatChoiceOf(rule);
}

/**
 * The task view's Repeat (docs/product.md#repeating-tasks): never, daily, weekly, monthly, yearly or
 * every N days, counted from the deadline or from the day it is completed, and the next deadline.
 * Each change is saved as it is made (setTaskRepeat); N out of range shows its message and stores
 * nothing.
 */
export function RepeatSection({ task }: { task: Task }) {
  const rule = task.repeat;
  const today = useToday();
  const [picked, setPicked] = useState<RepeatChoice | null>(null);
  const [daysText, setDaysText] = useState(() =>
    String(rule?.every === 'day' && rule.interval > 1 ? rule.interval : DEFAULT_DAYS),
  );
  const [daysError, setDaysError] = useState<string | null>(null);
  const choice = shownChoice(rule, picked);
  const from: RepeatFrom = rule?.from ?? 'deadline';

  function save(next: RepeatChoice, nextFrom: RepeatFrom, text: string): void {
    if (next === 'days') {
      const days = readRepeatInterval(text);
      setDaysError(days === null ? REPEAT_INTERVAL_MESSAGE : null);
      if (days === null) return;
      saveSafely(() => setTaskRepeat(task.id, repeatRuleFor('days', nextFrom, days)));
      return;
    }
    setDaysError(null);
    saveSafely(() => setTaskRepeat(task.id, repeatRuleFor(next, nextFrom, 1)));
  }

  const line = today === null ? null : repeatNextLine(task, today);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-start gap-3">
        <SelectField
          label="Repeat"
          options={CHOICE_LABELS}
          value={REPEAT_CHOICE_LABELS[choice]}
          onChange={(label) => {
            const next = CHOICE_BY_LABEL.get(label) ?? 'never';
            setPicked(next);
            save(next, from, daysText);
          }}
          className="w-44"
        />
        {choice === 'days' ? (
          <TextField
            label="Number of days"
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            step={1}
            value={daysText}
            error={daysError ?? undefined}
            onChange={(event) => {
              setDaysText(event.target.value);
              save('days', from, event.target.value);
            }}
            className="max-w-xs min-w-40 flex-1"
          />
        ) : null}
      </div>
      {choice !== 'never' ? (
        <div className="space-y-1.5">
          <p aria-hidden="true" className="text-sm font-medium text-slate-800">
            Counted from
          </p>
          <SegmentedChoice
            legend="Counted from"
            options={FROM_OPTIONS}
            value={from}
            onChange={(nextFrom) => save(choice, nextFrom, daysText)}
            itemClassName="px-2.5"
          />
        </div>
      ) : null}
      {line ? <p className="text-sm text-slate-700">{line}</p> : null}
    </div>
  );
}
