'use client';

import { usePathname } from 'next/navigation';
import { FooterContent } from './footer-content';

/**
 * The App Router's footer (app/layout.tsx): the icon links belong to `/` only. `/` itself is a
 * Pages Router page that renders FooterContent directly; the check stays so the rule lives here
 * too, should `/` ever move back.
 */
export function Footer() {
  return <FooterContent showSocialLinks={usePathname() === '/'} />;
}
