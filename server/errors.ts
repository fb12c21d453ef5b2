import 'server-only';

export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  INVALID_RESET_TOKEN: 400,
  INVALID_CONFIRMATION_TOKEN: 400,
  INVALID_UNSUBSCRIBE_TOKEN: 400,
  INCORRECT_PASSWORD: 400,
  INVALID_CODE: 400,
  SIGN_IN_EXPIRED: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ADMIN_SIGNUP_CLOSED: 403,
  SIGNUP_CLOSED: 403,
  INVITATION_REQUIRED: 403,
  DOMAIN_NOT_ALLOWED: 403,
  INVITATION_INVALID: 403,
  INVITEE_MISMATCH: 403,
  PASSWORD_LOGIN_OFF: 403,
  EMAIL_NOT_CONFIRMED: 403,
  TWO_FACTOR_REQUIRED: 403,
  NOT_FOUND: 404,
  SYNC_DISABLED: 404,
  METHOD_NOT_ALLOWED: 405,
  EMAIL_TAKEN: 409,
  LAST_ADMIN: 409,
  SELF_CHANGE: 409,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  MAIL_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** An expected failure with a message that is safe to show the user. */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { headers?: Record<string, string>; issues?: unknown } = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}
