/** The year in the footer's copyright line, beside the product's name (docs/product.md#footer). */
export const COPYRIGHT_YEAR = 2025;

export interface FooterLink {
  label: string;
  href: string;
  icon: 'github' | 'linkedin' | 'twitter' | 'mail';
}

/** The four social or mail icon links shown on the landing page's footer (docs/product.md#footer). */
export const FOOTER_LINKS: readonly FooterLink[] = [
  { label: 'Tasklane on GitHub', href: 'https://github.com/tasklane', icon: 'github' },
  { label: 'Tasklane on LinkedIn', href: 'https://www.linkedin.com/company/tasklane', icon: 'linkedin' },
  { label: 'Tasklane on X (Twitter)', href: 'https://x.com/tasklane', icon: 'twitter' },
  { label: 'Email Tasklane', href: 'mailto:hello@tasklane.app', icon: 'mail' },
];
