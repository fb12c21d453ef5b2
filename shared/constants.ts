/** The product name shown in the hero, titles and the footer. */
export const PRODUCT_NAME = 'Tasklane';

/** Login requests are abandoned after 10 s (docs/product.md#constants). */
export const LOGIN_TIMEOUT_MS = 10_000;
/**
 * How long a forgot-password success stays on screen before /login opens (docs/product.md#forgot-password).
 */
export const FORGOT_PASSWORD_REDIRECT_MS = 3_000;
/** How long a toast stays when its caller sets no duration (docs/product.md#toasts). */
export const TOAST_DURATION_MS = 5_000;
/** The pause between a click on the logo and the dashboard opening (docs/product.md#navbar). */
export const LOGO_NAVIGATION_DELAY_MS = 500;
/** How long each deadline toast on the member dashboard stays (docs/product.md#deadline-toasts). */
export const DEADLINE_TOAST_DURATION_MS = 5_000;
/**
 * Tasks due soon that get a deadline toast of their own on the dashboard; the rest share one summary
 * toast that leads to the Notifications page (docs/product.md#deadline-toasts). A few toasts are
 * read; hundreds freeze the page.
 */
export const DEADLINE_TOAST_LIMIT = 3;
/** How long the Create Tasks page's added and removed toasts stay (docs/product.md#create-tasks). */
export const TASK_PAGE_TOAST_DURATION_MS = 3_000;
/** How long a member or admin page may stay on its session check before it offers to load again. */
export const SLOW_PAGE_NOTICE_MS = 8_000;
/** The chime played with the deadline toasts (public/, a few kB; docs/product.md#deadline-toasts). */
export const NOTIFICATION_SOUND_URL = '/sounds/notification.wav';
/** The admin's activity log keeps the 5 latest entries (docs/product.md#recent-activity). */
export const ADMIN_ACTIVITY_LOG_MAX = 5;
/** The largest file the profile page's data import reads (docs/product.md#your-data). */
export const IMPORT_FILE_MAX_BYTES = 5 * 1024 * 1024;
