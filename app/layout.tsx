import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '@/lib/constants';
import './globals.css';

export const metadata: Metadata = {
  title: { default: PRODUCT_NAME, template: `%s · ${PRODUCT_NAME}` },
  description:
    'Task management for small teams: kanban board, task grid, calendar and deadline notifications.',
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#2552e6',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col font-sans">{children}</body>
    </html>
  );
}
