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
/** Spec §9: deadline toasts on the dashboard. */
export const DEADLINE_TOAST_DURATION_MS = 5_000;
/**
 * Tasks due soon that get a deadline toast of their own on the dashboard; the rest share one summary
 * toast that leads to the Notifications page. A few toasts are read; hundreds freeze the page.
 */
export const DEADLINE_TOAST_LIMIT = 3;
/** Spec §9: toasts on the Create Tasks page. */
export const TASK_PAGE_TOAST_DURATION_MS = 3_000;
/** Spec §9: the chime played with the deadline toasts (public/, a few kB). */
export const NOTIFICATION_SOUND_URL = '/sounds/notification.wav';
/** Spec §9: the admin's recent activity keeps the 5 latest entries. */
export const ADMIN_ACTIVITY_LOG_MAX = 5;
