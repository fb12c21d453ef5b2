import { FOCUS_RING } from '@/shared/ui/styles';
import { cn } from '@/shared/cn';
import { PRODUCT_NAME } from '@/shared/constants';
import { COPYRIGHT_YEAR, FOOTER_LINKS } from '@/shared/content/footer';
import { SocialIcon } from './social-icons';

/**
 * The footer (docs/product.md#footer): the copyright line, and on the landing page four icon links. No hooks,
 * so both routers can render it: the App Router through Footer, the landing page (pages/index.tsx) directly.
 */
export function FooterContent({ showSocialLinks }: { showSocialLinks: boolean }) {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:justify-between sm:px-6">
        <p>
          © {COPYRIGHT_YEAR} {PRODUCT_NAME}. All rights reserved.
        </p>
        {showSocialLinks ? (
          <ul className="flex items-center gap-2" aria-label="Social and contact links">
            {FOOTER_LINKS.map(({ label, href, icon }) => (
              <li key={href}>
                <a
                  href={href}
                  aria-label={label}
                  rel="noopener noreferrer"
                  target={href.startsWith('mailto:') ? undefined : '_blank'}
                  className={cn(
                    'flex size-11 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-brand-700',
                    FOCUS_RING,
                  )}
                >
                  <SocialIcon icon={icon} className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </footer>
  );
}
