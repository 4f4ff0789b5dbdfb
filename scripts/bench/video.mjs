// The video rooms' signalling in `npm run bench` (issue 30): 200 rooms (BENCH_VIDEO_ROOMS) of an
// online appointment, each with the professional's and the patient's event streams open on one
// instance of the built server (400 connections), then, for BENCH_VIDEO_SECONDS (10), every room
// sending the other side an offer-sized message (3.5 KB) every 0.5 to 1.5 s, alternating sides:
// first through the same instance, then through a second instance on the same database (the
// message crosses by LISTEN/NOTIFY). Prints the connections held, the server's memory, and the
// signalling latency (from the POST's start to the event's arrival on the other stream).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { cpuMs, peakRssMb, rssMb, schedMs, startApiServer } from './processes.mjs';

const ROOMS = Number(process.env.BENCH_VIDEO_ROOMS ?? 200);
const SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 10);
const PATIENTS = 10;
const PAUSE_MS = [500, 1500];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const randomId = () => crypto.randomUUID().replaceAll('-', '');
const json = async (response) => (await response.json()).data;

/** An SDP offer's size and shape, carrying the message's id. */
function offerSdp(id) {
  const lines = ['v=0', `o=- ${id} 2 IN IP4 127.0.0.1`, 's=-', 't=0 0', 'a=group:BUNDLE 0 1'];
  while (lines.join('\r\n').length < 3500) lines.push('a=rtpmap:96 VP8/90000', 'a=rtcp-fb:96 nack pli', 'a=fmtp:97 apt=96', 'a=ssrc:1234 cname:bench');
  return `${lines.join('\r\n')}\r\n`;
}

/** One open event stream: calls `onSignal(sdp, arrivedAt)` for each signal event, counts itself open until it ends. */
async function openStream(url, body, cookie, onSignal, state) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  state.open += 1;
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('event: signal\n')) onSignal(JSON.parse(block.slice(block.indexOf('data: ') + 6)).signal.description.sdp, performance.now());
        }
      }
    } catch {
      // Ended by the run's end.
    }
    state.open -= 1;
  })();
}

function percentile(sorted, share) {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
}

/** 200 online appointments starting in five minutes, one professional, and each room's patient token. */
async function seedRooms(bench, cookie) {
  const patientIds = [];
  for (let n = 0; n < PATIENTS; n++) {
    patientIds.push((await json(await bench.call('POST', '/v1/users/me/patients', { firstName: `Paciente ${n}`, lastName: 'Vídeo' }, cookie))).patient.id);
  }
  const startsAt = new Date(Date.now() + 5 * 60_000).toISOString();
  const rooms = [];
  for (let n = 0; n < ROOMS; n++) {
    const body = { patientId: patientIds[n % PATIENTS], startsAt, modality: 'online', allowOverlap: true };
    const { appointment } = await json(await bench.call('POST', '/v1/users/me/appointments', body, cookie));
    const { videoRoom } = await json(await bench.call('GET', `/v1/appointments/${appointment.id}/video`, undefined, cookie));
    rooms.push({ id: appointment.id, token: new URL(videoRoom.patientUrl).searchParams.get('token'), professionalTab: randomId(), patientTab: randomId() });
  }
  return rooms;
}

/** Sends offers both ways in every room for SECONDS, through `signalBase`; answers the latencies (ms) and errors. */
async function exchange(rooms, signalBase, cookie, pending) {
  const latencies = [];
  let errors = 0;
  let sent = 0;
  const deadline = performance.now() + SECONDS * 1000;
  await Promise.all(
    rooms.map(async (room, index) => {
      let fromProfessional = index % 2 === 0;
      await sleep(Math.random() * PAUSE_MS[1]);
      while (performance.now() < deadline) {
        const id = randomId();
        const signals = [{ kind: 'description', description: { type: fromProfessional ? 'offer' : 'answer', sdp: offerSdp(id) } }];
        const [url, body] = fromProfessional
          ? [`${signalBase}/v1/appointments/${room.id}/video/signals`, { clientId: room.professionalTab, signals }]
          : [`${signalBase}/v1/video/room/signals`, { token: room.token, clientId: room.patientTab, signals }];
        const arrived = new Promise((resolve) => pending.set(id, resolve));
        const start = performance.now();
        sent += 1;
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(fromProfessional ? { cookie } : {}) }, body: JSON.stringify(body) });
        await response.arrayBuffer();
        if (!response.ok) {
          errors += 1;
          pending.delete(id);
        } else {
          const timeout = sleep(5000).then(() => null);
          const at = await Promise.race([arrived, timeout]);
          if (at === null) errors += 1;
          else latencies.push(at - start);
          pending.delete(id);
        }
        fromProfessional = !fromProfessional;
        await sleep(PAUSE_MS[0] + Math.random() * (PAUSE_MS[1] - PAUSE_MS[0]));
      }
    }),
  );
  return { latencies, errors, sent };
}

/**
 * Runs the exchange while watching both servers: the CPU time they used per message, and how
 * long their threads waited for a CPU (the machine's other load) against how long they ran.
 */
async function watched(pids, run) {
  const cpuBefore = pids.map(cpuMs);
  const schedBefore = schedMs(pids);
  const result = await run();
  const cpu = pids.reduce((sum, pid, index) => sum + cpuMs(pid) - cpuBefore[index], 0);
  const sched = schedMs(pids);
  return { ...result, cpuPerMessage: cpu / Math.max(1, result.sent), ran: sched.run - schedBefore.run, waited: sched.wait - schedBefore.wait, load: loadavg()[0] };
}

function report(title, { latencies, errors, sent, cpuPerMessage, ran, waited, load }) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const p = (share) => percentile(sorted, share).toFixed(1).padStart(6);
  console.log(`  ${title.padEnd(44)} ${String(sent).padStart(5)} sent (${(sent / SECONDS).toFixed(0)}/s)  p50 ${p(0.5)} ms  p99 ${p(0.99)} ms  max ${p(1)} ms  ${errors} errors`);
  console.log(`  ${''.padEnd(44)} servers' CPU ${cpuPerMessage.toFixed(2)} ms per message; they waited ${(waited / 1000).toFixed(1)} s for a CPU while running ${(ran / 1000).toFixed(1)} s (load average ${load.toFixed(1)})`);
}

export async function measureVideo(bench) {
  const cookie = await bench.signedInCookie('bench_video');
  const rooms = await seedRooms(bench, cookie);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'consultorio-bench-video-'));
  // The second instance, on the same database (the first one's other servers use the next ports).
  const second = await startApiServer({ port: bench.port + 2, databaseUrl: bench.url.toString(), dataDir });
  try {
    const idleRss = rssMb(bench.serverPid);
    const pending = new Map();
    const onSignal = (sdp, at) => {
      const id = / (\w+) 2 IN IP4/.exec(sdp)?.[1];
      pending.get(id)?.(at);
    };
    const state = { open: 0 };
    const opening = performance.now();
    await Promise.all(
      rooms.flatMap((room) => [
        openStream(`${bench.base}/v1/appointments/${room.id}/video/events`, { clientId: room.professionalTab, pageId: randomId() }, cookie, onSignal, state),
        openStream(`${bench.base}/v1/video/room/events`, { token: room.token, clientId: room.patientTab, pageId: randomId() }, undefined, onSignal, state),
      ]),
    );
    const openSeconds = (performance.now() - opening) / 1000;
    const heldRss = rssMb(bench.serverPid);
    console.log(`\nVideo signalling: ${ROOMS} rooms, ${state.open} event streams opened on one instance in ${openSeconds.toFixed(1)} s; server RSS ${idleRss.toFixed(0)} MB before, ${heldRss.toFixed(0)} MB holding them (${(((heldRss - idleRss) * 1024) / Math.max(1, state.open)).toFixed(0)} KB each)`);
    const servers = [bench.serverPid, second.child.pid];
    report('through the same instance', await watched(servers, () => exchange(rooms, bench.base, cookie, pending)));
    report('through a second instance (LISTEN/NOTIFY)', await watched(servers, () => exchange(rooms, second.base, cookie, pending)));
    console.log(`  streams still open: ${state.open} of ${ROOMS * 2}; server RSS ${rssMb(bench.serverPid).toFixed(0)} MB (peak ${peakRssMb(bench.serverPid).toFixed(0)} MB), second instance ${rssMb(second.child.pid).toFixed(0)} MB`);
  } finally {
    await second.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
