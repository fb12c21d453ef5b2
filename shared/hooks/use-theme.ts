'use client';

import { useSyncExternalStore } from 'react';
import type { Theme } from '@/shared/theme/theme';
import { getServerTheme, getTheme, subscribeTheme } from '@/shared/theme/theme-store';

/** The theme now chosen in this browser (docs/product.md#theme). */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribeTheme, getTheme, getServerTheme);
}
