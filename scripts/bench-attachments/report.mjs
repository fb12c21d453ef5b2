/** bench:attachments' table: one driver's figures against the targets. */
import { median, worst } from '../bench-support.mjs';
import { CONCURRENT, MB, TARGETS, runs } from './config.mjs';

const ms = (/** @type {number} */ value) => `${(value / 1000).toFixed(2)} s`;
const mb = (/** @type {number} */ bytes) => `${(bytes / MB).toFixed(1)} MB`;

/**
 * Prints one driver's figures as table rows and returns the targets it missed.
 * @param {string} name
 * @param {Awaited<ReturnType<typeof import('./measure.mjs').measureDriver>>} figures
 */
export function report(name, figures) {
  const rows = [
    [
      `25 MB upload, median of ${runs}`,
      ms(median(figures.uploadMs)),
      `worst ${ms(worst(figures.uploadMs))}`,
      '≤ 2 s',
    ],
    [
      `25 MB download, median of ${runs}`,
      ms(median(figures.downloadMs)),
      `worst ${ms(worst(figures.downloadMs))}`,
      '≤ 2 s',
    ],
    [
      'server RSS growth, first 25 MB upload',
      mb(figures.firstUploadGrowth),
      `from ${mb(figures.firstUploadRssBefore)} (fresh server)`,
      '',
    ],
    [
      `server RSS growth, next ${runs} uploads`,
      mb(figures.uploadGrowth),
      `from ${mb(figures.uploadRssBefore)}, ${figures.samples} samples`,
      '≤ 20 MB',
    ],
    [
      '  each upload (its peak − RSS before)',
      '',
      figures.eachUploadGrowth.map((bytes) => (bytes / MB).toFixed(1)).join(', ') + ' MB',
      '',
    ],
    [`server RSS growth, ${runs} downloads`, mb(figures.downloadGrowth), '', ''],
    [
      `${CONCURRENT} × 25 MB uploads at once`,
      ms(figures.concurrentMs),
      `RSS growth ${mb(figures.concurrentGrowth)}`,
      '≤ 8 s',
    ],
    ['server RSS at the end', mb(figures.rssAfter), '', ''],
  ];
  console.log(`\n${name}`);
  for (const [what, value, detail, target] of rows)
    console.log(`  ${what.padEnd(38)} ${value.padStart(9)}  ${detail.padEnd(32)} ${target}`);
  return [
    median(figures.uploadMs) > TARGETS.uploadMs && `${name} upload`,
    median(figures.downloadMs) > TARGETS.downloadMs && `${name} download`,
    figures.uploadGrowth / MB > TARGETS.uploadGrowthMb && `${name} upload memory`,
    figures.concurrentMs > TARGETS.concurrentMs && `${name} ${CONCURRENT} at once`,
  ];
}
