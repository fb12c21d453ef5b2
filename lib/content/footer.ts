/** Spec §2 Footer: the copyright line, with the product's name, for 2025. */
export const COPYRIGHT_YEAR = 2025;

export interface FooterLink {
  label: string;
  href: string;
  icon: 'github' | 'linkedin' | 'twitter' | 'mail';
}

/** Spec §2: the four social or mail icon links shown on the landing page's footer. */
export const FOOTER_LINKS: readonly FooterLink[] = [
  { label: 'Tasklane on GitHub', href: 'https://github.com/tasklane', icon: 'github' },
  { label: 'Tasklane on LinkedIn', href: 'https://www.linkedin.com/company/tasklane', icon: 'linkedin' },
  { label: 'Tasklane on X (Twitter)', href: 'https://x.com/tasklane', icon: 'twitter' },
  { label: 'Email Tasklane', href: 'mailto:hello@tasklane.app', icon: 'mail' },
];
