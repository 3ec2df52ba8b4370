import { parentPort, workerData } from 'node:worker_threads';

/*
 * An administrator for npm run bench:load, in a worker thread so that its answer times are not those of the busy
 * loop sending the readers' requests: saves a course every `everyMs`, waits for each answer, until `seconds` are up,
 * then posts the answer times (ms) and the number of failed saves.
 */

/** What bench:load gives the worker: the course's address, an admin's ID token, the pace and the duration. */
export interface SaverData {
  url: string;
  token: string;
  everyMs: number;
  seconds: number;
}

const { url, token, everyMs, seconds } = workerData as SaverData;
const times: number[] = [];
let failures = 0;
const until = performance.now() + seconds * 1000;
for (let next = performance.now(), n = 0; performance.now() < until; n++) {
  const started = performance.now();
  try {
    const res = await fetch(url, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: `Pleuroamniotic ${n}`,
        subtitle: 'Load test',
        levels: [{ title: 'Module', active: true, cases: [{ title: 'Case', bubbles: [] }] }],
      }),
    });
    await res.arrayBuffer();
    if (!res.ok) failures++;
  } catch {
    failures++;
  }
  times.push(performance.now() - started);
  next += everyMs;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
}
parentPort!.postMessage({ times, failures });
