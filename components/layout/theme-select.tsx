'use client';

import { Monitor, Moon, Sun } from 'lucide-react';
import { useId, type ChangeEvent } from 'react';
import { cn } from '@/lib/cn';
import { useTheme } from '@/lib/hooks/use-theme';
import { THEMES, THEME_LABELS, toTheme, type Theme } from '@/lib/theme/theme';
import { setTheme } from '@/lib/theme/theme-store';

const ICONS: Record<Theme, typeof Sun> = { system: Monitor, light: Sun, dark: Moon };

type ThemeSelectFieldProps = {
  id: string;
  /** The chosen theme; without it the field is drawn for `system` and public/landing.js runs it. */
  theme?: Theme;
  onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
  className?: string;
};

/**
 * The theme switch's markup (docs/product.md#theme): a native select named `Theme`, drawn as the
 * chosen theme's icon, so the keyboard, screen readers and phones get the platform's own picker. No
 * hooks: `/` renders it statically (`data-theme-select`) and public/landing.js wires it there.
 */
export function ThemeSelectField({ id, theme, onChange, className }: ThemeSelectFieldProps) {
  const shown = theme ?? 'system';
  return (
    <div
      className={cn(
        'relative flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100',
        'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
        className,
      )}
    >
      <label htmlFor={id} className="sr-only">
        Theme
      </label>
      {THEMES.map((option) => {
        const Icon = ICONS[option];
        return (
          <Icon
            key={option}
            aria-hidden="true"
            data-theme-icon={option}
            className={cn('size-5', option !== shown && 'hidden')}
          />
        );
      })}
      <select
        id={id}
        data-theme-select=""
        {...(theme === undefined ? { defaultValue: 'system' } : { value: theme, onChange })}
        title="Theme"
        className="absolute inset-0 cursor-pointer appearance-none opacity-0"
      >
        {THEMES.map((option) => (
          <option key={option} value={option}>
            {THEME_LABELS[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The navbar's theme switch: the field, following and changing this browser's choice. */
export function ThemeSelect({ className }: { className?: string }) {
  const theme = useTheme();
  const id = useId();
  return (
    <ThemeSelectField
      id={id}
      theme={theme}
      onChange={(event) => setTheme(toTheme(event.target.value))}
      className={className}
    />
  );
}
