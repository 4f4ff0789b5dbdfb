// Summarizes a V8 CPU profile (`node --cpu-prof`): where the samples' self time went, by package
// and by function, as shares of the busy (non-idle) time.
import { readFileSync } from 'node:fs';

/** 'fastify', '@fastify/cookie', 'node' (Node's own code), 'app' (the API bundle) or a V8 pseudo-frame. */
function ownerOf(url) {
  if (!url) return null;
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1];
  if (url.startsWith('node:') || !url.includes('/')) return 'node';
  if (url.includes('apps/api/dist')) return 'app';
  return url;
}

function shortUrl(url) {
  const match = /node_modules\/(.*)$/.exec(url);
  if (match) return match[1];
  return url.replace(/^.*apps\/api\/dist\//, 'api/').replace(/^file:\/\//, '');
}

/** Self time in ms per profile node id. */
function selfTimes(profile) {
  const times = new Map();
  profile.samples.forEach((id, index) => times.set(id, (times.get(id) ?? 0) + profile.timeDeltas[index] / 1000));
  return times;
}

export function summarizeProfile(file, { top = 15 } = {}) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const times = selfTimes(profile);
  const byOwner = new Map();
  const byFunction = new Map();
  let busy = 0;
  for (const node of profile.nodes) {
    const ms = times.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)' || ms === 0) continue;
    busy += ms;
    const owner = ownerOf(url) ?? functionName;
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + ms);
    const name = `${functionName || '(anonymous)'} ${url ? `${shortUrl(url)}:${lineNumber + 1}` : ''}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  const ranked = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, ms]) => ({ name, ms, share: ms / busy }));
  return { busyMs: busy, byOwner: ranked(byOwner), byFunction: ranked(byFunction) };
}

/** With `requests`, each line also says its time per request (µs), the whole profile's time spread over them. */
export function printProfile(summary, requests) {
  const perRequest = (ms) => (requests ? `  ${((ms * 1000) / requests).toFixed(0).padStart(5)} µs/request` : '');
  const line = ({ name, ms, share }) => `  ${(share * 100).toFixed(1).padStart(5)} %  ${ms.toFixed(0).padStart(6)} ms${perRequest(ms)}  ${name}`;
  console.log(`${(summary.busyMs / 1000).toFixed(1)} s busy${perRequest(summary.busyMs)}. Self time by package:`);
  summary.byOwner.forEach((row) => console.log(line(row)));
  console.log('Self time by function:');
  summary.byFunction.forEach((row) => console.log(line(row)));
}

if (process.argv[1] === import.meta.filename) printProfile(summarizeProfile(process.argv[2], { top: Number(process.argv[3] ?? 25) }));
