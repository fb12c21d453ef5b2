/**
 * The account fields' limits, without zod (ADR 0010: no zod in the browser), so that forms can
 * show them and check them before sending. The zod schemas (./auth.ts) are built on them.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** bcrypt only reads the first 72 bytes; longer passwords would be silently truncated. */
export const PASSWORD_MAX_BYTES = 72;
export const EMAIL_MAX_LENGTH = 254;
