import { BackToTop } from './_components/back-to-top';
import { Contact } from './_components/contact';
import { Faq } from './_components/faq';
import { Features } from './_components/features';
import { Hero } from './_components/hero';
import { RoleChooser } from './_components/role-chooser';
import { Testimonials } from './_components/testimonials';

/**
 * Spec §2 landing page: hero, testimonials, role chooser, features, FAQ, Contact Us and a
 * back-to-top button, in that order. A static page: only the FAQ accordion, the contact form and
 * the back-to-top button run in the browser.
 */
export default function HomePage() {
  return (
    <main className="flex-1">
      <Hero />
      <Testimonials />
      <RoleChooser />
      <Features />
      <Faq />
      <Contact />
      <BackToTop />
    </main>
  );
}
