/** The product name shown in the hero, titles and the footer. */
export const PRODUCT_NAME = 'Tasklane';

/** Spec §9: login requests are aborted after 10 s. */
export const LOGIN_TIMEOUT_MS = 10_000;
/** Spec §9: redirect to /login after a forgot-password success. */
export const FORGOT_PASSWORD_REDIRECT_MS = 3_000;
/** Spec §9: generic toast lifetime. */
export const TOAST_DURATION_MS = 5_000;
/** Spec §9: delay before the logo navigates to the dashboard. */
export const LOGO_NAVIGATION_DELAY_MS = 500;
