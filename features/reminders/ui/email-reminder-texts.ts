/** The morning email's texts (docs/product.md#reminders); the time rule is the server's own message. */
export const EMAIL_REMINDER_TEXTS = {
  heading: 'Morning email',
  digestHeading: 'Missed notifications',
  intro:
    'One short email a day with your tasks due today, due tomorrow and overdue, not counting completed ones. Nothing is sent when there are none.',
  checkbox: 'Email me my tasks every morning',
  time: 'Time',
  timeZone: 'Time zone',
  save: 'Save email reminders',
  saving: 'Saving...',
  saved: 'Email reminders saved.',
  loadFailed: 'Could not load your email reminders. Check your connection and try again.',
  retry: 'Retry',
  saveFailed: 'Could not save your email reminders. Check your connection and try again.',
  badTime: 'Choose a time as HH:MM, from 00:00 to 23:59.',
} as const;
