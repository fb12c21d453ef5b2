import 'server-only';
import { LOG_LEVELS, logLevelSchema } from './env';

type Level = 'info' | 'warn' | 'error';

/**
 * Read on every line (tests switch it) and never throws: a bad LOG_LEVEL is reported by the
 * start-up check, and until then the default applies.
 */
function isEnabled(level: Level): boolean {
  const threshold = logLevelSchema.catch('info').parse(process.env.LOG_LEVEL || undefined);
  return LOG_LEVELS.indexOf(level) <= LOG_LEVELS.indexOf(threshold);
}

function serialiseError(error: unknown): unknown {
  if (error instanceof Error) {
    return {
      name: error.name,
      message: error.message,
      stack: error.stack,
      cause: serialiseError(error.cause),
    };
  }
  return error;
}

function write(level: Level, message: string, detail?: unknown): void {
  if (!isEnabled(level)) return;
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    message,
    ...(detail === undefined ? {} : { detail: serialiseError(detail) }),
  });
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}

/** Structured one-line logs. Details (stacks, SQL) go here and never into responses. */
export const logger = {
  info: (message: string, detail?: unknown) => write('info', message, detail),
  warn: (message: string, detail?: unknown) => write('warn', message, detail),
  error: (message: string, detail?: unknown) => write('error', message, detail),
};
