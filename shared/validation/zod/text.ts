// First: in the browser, zod must not probe eval before schemas are built (see zod-config.ts).
import './zod-config';
import { z } from 'zod';
import { describeHiddenCharacters } from '../hidden-characters';
import { formatCount } from '@/shared/format/count';

// The browser's forms import the rule from ./hidden-characters.ts (no zod in their bundle).
export { describeHiddenCharacters };

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
    .max(maxLength, `${label} must be at most ${formatCount(maxLength)} characters.`);

/**
 * A name: bounded text on one line that reads as it looks (names go into mail subjects, the navbar and
 * the assignee picker), stored in Unicode normal form C so that one name has one spelling
 * (docs/product.md#names).
 */
export const singleLineText = (label: string, maxLength: number) =>
  boundedText(label, maxLength)
    .superRefine((text, context) => {
      const message = describeHiddenCharacters(label, text);
      if (message) context.addIssue({ code: 'custom', message });
    })
    .transform((text) => text.normalize('NFC'));
