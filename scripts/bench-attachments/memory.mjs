/** The server's memory as the kernel sees it: its node process and its RSS, sampled while it works. */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { SAMPLE_MS } from './config.mjs';

/** The node process that serves: `pid` itself, or the first node among its descendants (bash → node). */
export function nodePidOf(/** @type {number} */ pid) {
  const isNode = (/** @type {number} */ id) => {
    try {
      return path.basename(readlinkSync(`/proc/${id}/exe`)).startsWith('node');
    } catch {
      return false;
    }
  };
  const queue = [pid];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    if (isNode(id)) return id;
    for (const task of readdirSync(`/proc/${id}/task`)) {
      const children = readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim();
      if (children) queue.push(...children.split(/\s+/).map(Number));
    }
  }
  throw new Error(`no node process under pid ${pid}`);
}

/** The resident set of process `pid` in bytes (VmRSS). */
export function rssOf(/** @type {number} */ pid) {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) * 1024;
}

/**
 * Samples the RSS of `pid` every SAMPLE_MS from now until `stop()`. `segment()` ends a segment
 * (the first starts now) and returns its growth: its peak minus the RSS when it started.
 */
function sampleRss(/** @type {number} */ pid) {
  const before = rssOf(pid);
  let peak = before;
  let segmentStart = before;
  let segmentPeak = before;
  let samples = 0;
  const read = () => {
    const rss = rssOf(pid);
    peak = Math.max(peak, rss);
    segmentPeak = Math.max(segmentPeak, rss);
    samples += 1;
  };
  const timer = setInterval(read, SAMPLE_MS);
  return {
    segment() {
      read();
      const growth = segmentPeak - segmentStart;
      segmentStart = segmentPeak = rssOf(pid);
      return growth;
    },
    stop() {
      clearInterval(timer);
      read();
      return { before, peak, growth: peak - before, samples };
    },
  };
}

/**
 * Runs `work` while sampling the RSS of `pid`: its result and the peak minus the RSS just before
 * (bytes). `work` may call `segment()` to learn the growth of its parts (sampleRss).
 * @template T
 * @param {number} pid
 * @param {(segment: () => number) => Promise<T>} work
 */
export async function withRss(pid, work) {
  const sampler = sampleRss(pid);
  try {
    const result = await work(() => sampler.segment());
    return { result, ...sampler.stop() };
  } finally {
    sampler.stop();
  }
}
