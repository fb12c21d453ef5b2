'use client';

import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element of `ref` has come within `margin` of the screen (inside any scrolling box
 * around it); it then stays true. True at once where the browser cannot tell.
 */
export function useNearScreen(ref: RefObject<HTMLElement | null>, margin: string): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref, margin]);
  return near;
}
