/** Ids and numbers of the landing page's markup; public/landing.js reads them from the page. */

/** The h1's id: the hero's aria-labelledby, and where the back-to-top link moves focus. */
export const HERO_HEADING_ID = 'hero-title';

/** How far the page must be scrolled before the back-to-top link shows (read by the script). */
export const BACK_TO_TOP_SHOW_AFTER_PX = 400;

/** The FAQ item n's trigger and panel ids (n from 1). */
export const faqTriggerId = (n: number) => `faq-trigger-${n}`;
export const faqPanelId = (n: number) => `faq-panel-${n}`;
