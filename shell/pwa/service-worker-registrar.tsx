'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { registerServiceWorker } from '@/shell/pwa/register';

const UpdateToast = dynamic(() => import('./update-toast').then((module) => module.UpdateToast), {
  ssr: false,
});

/**
 * Registers the service worker once the page has loaded (production builds only: `next dev` has no
 * /sw.js) and shows the update prompt, loaded on demand, when a new version is waiting.
 */
export function ServiceWorkerRegistrar() {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    const start = () => {
      registerServiceWorker(setWaiting).catch((error: unknown) => {
        console.warn('Service worker registration failed', error);
      });
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => window.removeEventListener('load', start);
  }, []);
  return waiting ? <UpdateToast waiting={waiting} /> : null;
}
