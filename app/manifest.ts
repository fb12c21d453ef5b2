import type { MetadataRoute } from 'next';
import { PRODUCT_NAME } from '@/shared/constants';
import { SITE_DESCRIPTION, SITE_THEME_COLOR } from '@/shared/content/landing';

/**
 * The web app manifest, `/manifest.webmanifest` (docs/product.md#installable-app-and-offline-use).
 * The installed app opens on the member dashboard; its guard sends a signed-out user to log in.
 * The PNGs are rendered from app/icon.svg by scripts/generate-icons.mjs.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: '/',
    name: PRODUCT_NAME,
    short_name: PRODUCT_NAME,
    description: SITE_DESCRIPTION,
    start_url: '/user/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: SITE_THEME_COLOR,
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
