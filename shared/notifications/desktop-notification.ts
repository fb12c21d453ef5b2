/**
 * What a desktop notification shows, for the reminders and the inbox alike: `tag` lets the system
 * replace a duplicate instead of stacking it.
 */
export type DesktopNotification = { tag: string; title: string; body: string };
