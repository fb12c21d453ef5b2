// First: in the browser, zod must not probe eval before schemas are built (see zod-config.ts).
import './zod-config';
import { z } from 'zod';

/** A string field whose messages name it: '<label> is required.' when absent, '<label> must be text.' otherwise. */
export const requiredText = (label: string) =>
  z.string({
    error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`),
  });

/** Trimmed, not empty, at most `maxLength` characters. */
export const boundedText = (label: string, maxLength: number) =>
  requiredText(label)
    .trim()
    .min(1, `${label} is required.`)
    .max(maxLength, `${label} must be at most ${maxLength.toLocaleString('en-US')} characters.`);

/** A name: bounded text on one line, since names go into mail subjects and the navbar. */
export const singleLineText = (label: string, maxLength: number) =>
  boundedText(label, maxLength).refine(
    (text) => !/[\u0000-\u001f\u007f]/.test(text),
    `${label} must not contain control characters.`,
  );
