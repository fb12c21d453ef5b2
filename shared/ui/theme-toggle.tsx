'use client';

import { Monitor, Moon, Sun } from 'lucide-react';
import { cn } from '@/shared/cn';
import { useTheme } from '@/shared/hooks/use-theme';
import { THEME_LABELS, THEMES, type Theme } from '@/shared/theme/theme';
import { setTheme } from '@/shared/theme/theme-store';
import { BUTTON_BASE, BUTTON_VARIANTS } from '@/shared/ui/styles';

const ICONS: Record<Theme, typeof Sun> = { system: Monitor, light: Sun, dark: Moon };

/** The theme after `theme` in the switch's cycle: System → Light → Dark → System. */
export function nextTheme(theme: Theme): Theme {
  return THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length] ?? 'system';
}

type ThemeToggleButtonProps = {
  /** The chosen theme; without it the button is drawn for `system` and public/landing.js runs it. */
  theme?: Theme;
  onClick?: () => void;
  className?: string;
};

/**
 * The theme switch's markup (docs/product.md#theme): one button named `Theme: {theme}` showing that
 * theme's icon; each press moves to the next theme. A button rather than a select, so the pages hold no
 * form control beyond their own. No hooks: `/` renders it statically (`data-theme-toggle`) and
 * public/landing.js runs it there.
 */
export function ThemeToggleButton({ theme, onClick, className }: ThemeToggleButtonProps) {
  const shown = theme ?? 'system';
  return (
    <button
      type="button"
      data-theme-toggle=""
      aria-label={`Theme: ${THEME_LABELS[shown]}`}
      title={`Theme: ${THEME_LABELS[shown]}`}
      onClick={onClick}
      className={cn(BUTTON_BASE, BUTTON_VARIANTS.ghost, 'size-11 shrink-0', className)}
    >
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
    </button>
  );
}

/** The navbar's theme switch: the button, following and changing this browser's choice. */
export function ThemeToggle({ className }: { className?: string }) {
  const theme = useTheme();
  return <ThemeToggleButton theme={theme} onClick={() => setTheme(nextTheme(theme))} className={className} />;
}
