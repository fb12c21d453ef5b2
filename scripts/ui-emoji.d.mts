export const UI_SOURCE_DIRS: string[];
export function emojiCodePointsIn(text: string): Set<number>;
export function findUiEmoji(root: string): Promise<number[]>;
export function toUnicodeRange(codePoints: readonly number[]): string;
export const UNICODE_RANGE_VALUE: RegExp;
