import type { GetStaticProps, InferGetStaticPropsType } from 'next';
import Head from 'next/head';
import { FooterContent } from '@/shell/layout/footer-content';
import { UpdateToastView } from '@/shell/pwa/update-toast-view';
import { BackToTop } from '@/features/landing/ui/back-to-top';
import { Contact } from '@/features/landing/ui/contact';
import { getContactFormRules, type ContactFormRules } from '@/features/landing/server/contact-rules';
import { Faq } from '@/features/landing/ui/faq';
import { Features } from '@/features/landing/ui/features';
import { Hero } from '@/features/landing/ui/hero';
import { RoleChooser } from '@/features/landing/ui/role-chooser';
import { Testimonials } from '@/features/landing/ui/testimonials';
import { PRODUCT_NAME } from '@/shared/constants';
import { SITE_DESCRIPTION, SITE_THEME_COLOR } from '@/shared/content/landing';

/**
 * `/` is served without React or the Next.js runtime in the browser, which the App Router cannot
 * do: plain HTML and CSS, plus public/landing.js (a few kB) for the FAQ, the contact form and
 * the back-to-top link. docs/decisions/0008-landing-without-runtime-js.md.
 */
export const config = { unstable_runtimeJS: false };

/**
 * Without the script: every FAQ answer is shown (their chevrons would do nothing), the back-to-top
 * link is always there, and the character counter, which only the script updates, is left out.
 * The FAQ rule must beat Tailwind's `[hidden] { display: none !important }`, which lives in the
 * base layer: an !important rule in a layer outranks an unlayered one, so this one is in that
 * layer too, with a more specific selector.
 */
const NO_SCRIPT_CSS =
  '@layer base{[data-faq-panel][hidden]{display:block!important}}' +
  '[data-faq-trigger] svg,[data-contact-counter]{display:none}' +
  // The theme switch needs the script; the device's theme still applies (app/globals.css).
  '[data-theme-toggle]{display:none}' +
  '[data-back-to-top]{visibility:visible;opacity:1;translate:none;pointer-events:auto}';

export const getStaticProps = (async () => ({
  props: { contactRules: getContactFormRules() },
})) satisfies GetStaticProps<{ contactRules: ContactFormRules }>;

/**
 * The landing page (docs/product.md#landing): hero, testimonials, role chooser, features, FAQ, Contact Us and
 * a back-to-top link, in that order; then the footer with its icon links. No navbar on `/`.
 */
export default function HomePage({ contactRules }: InferGetStaticPropsType<typeof getStaticProps>) {
  return (
    <>
      <Head>
        <title>{PRODUCT_NAME}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" key="viewport" />
        <meta name="description" content={SITE_DESCRIPTION} />
        <meta name="theme-color" content={SITE_THEME_COLOR} />
        <link rel="icon" href="/icon.svg" type="image/svg+xml" sizes="any" />
        <link rel="apple-touch-icon" href="/apple-icon.png" type="image/png" sizes="180x180" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <noscript>
          <style dangerouslySetInnerHTML={{ __html: NO_SCRIPT_CSS }} />
        </noscript>
      </Head>
      {/* The App Router's root layout does this for every other page (app/layout.tsx). */}
      <div className="flex min-h-screen flex-col">
        <a
          href="#main-content"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        <div id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
          <main className="flex-1">
            <Hero />
            <Testimonials />
            <RoleChooser />
            <Features />
            <Faq />
            <Contact rules={contactRules} />
            <BackToTop />
          </main>
        </div>
        <FooterContent showSocialLinks />
      </div>
      {/* Shown by public/landing.js when a new version of the app is waiting (ADR 0018). Only a
          production build has a service worker; without this element the script registers none. */}
      {process.env.NODE_ENV === 'production' ? <UpdateToastView hidden data-update-toast="" /> : null}
      <script src="/landing.js" defer />
    </>
  );
}
