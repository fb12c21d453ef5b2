/** The h1's id: the hero's aria-labelledby, and where the back-to-top button moves focus. */
export const HERO_HEADING_ID = 'hero-title';
