/**
 * What the screens that need the server say while the browser is offline
 * (docs/product.md#installable-app-and-offline-use). Shown beside, never instead of, the
 * screens' own messages.
 */
export const OFFLINE_TEXT = {
  login: 'You are offline. Logging in needs a connection.',
  twoFactor: 'You are offline. Logging in needs a connection.',
  signup: 'You are offline. Signing up needs a connection.',
  forgotPassword: 'You are offline. Sending a reset link needs a connection.',
  resetPassword: 'You are offline. Setting a new password needs a connection.',
  confirmEmail: 'You are offline. Confirming your email address needs a connection.',
  users: 'You are offline. Loading and changing users needs a connection.',
  signupSettings: 'You are offline. Loading and saving the sign-up settings needs a connection.',
  invitations: 'You are offline. Loading and creating invitations needs a connection.',
  history: "You are offline. The task's history needs a connection.",
  testMail: 'You are offline. Sending a test email needs a connection.',
} as const;
