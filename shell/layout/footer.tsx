import { FooterContent } from './footer-content';

/**
 * The App Router's footer (app/layout.tsx). The footer's icon links belong to `/` only
 * (docs/product.md#footer), and `/` is a Pages Router page that renders FooterContent itself with
 * them (ADR 0008), so no App Router page shows them. A server component: none of this (nor the
 * icons' SVG code) ships to the browser.
 */
export function Footer() {
  return <FooterContent showSocialLinks={false} />;
}
