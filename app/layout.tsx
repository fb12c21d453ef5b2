import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { Footer } from '@/shell/layout/footer';
import { Navbar } from '@/shell/layout/navbar';
import { ServiceWorkerRegistrar } from '@/shell/pwa/service-worker-registrar';
import { PRODUCT_NAME } from '@/shared/constants';
import { SITE_DESCRIPTION, SITE_THEME_COLOR } from '@/shared/content/landing';
import { THEME_INIT_SCRIPT } from '@/shared/theme/theme';
import { uiEmoji } from './fonts/ui-emoji';
import './globals.css';

export const metadata: Metadata = {
  title: { default: PRODUCT_NAME, template: `%s · ${PRODUCT_NAME}` },
  description: SITE_DESCRIPTION,
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: SITE_THEME_COLOR,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The head script sets data-theme before React hydrates (docs/decisions/0014-dark-mode.md).
    <html lang="en" className={uiEmoji.variable} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: THEME_INIT_SCRIPT }} />
      </head>
      <body className="flex min-h-screen flex-col font-sans">
        <a
          href="#main-content"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        <Navbar />
        <div id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
          {children}
        </div>
        <Footer />
        <ServiceWorkerRegistrar />
      </body>
    </html>
  );
}
