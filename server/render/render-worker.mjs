// The server render's thread (server/render/server-render.ts): loads the portal's server bundle
// (dist-ssr/server-entry.mjs, src/prerender/server-entry.tsx) and renders one document at a
// time: the app's modules keep one language and one `fetch` at a time. Plain JavaScript so that
// it loads as it is under Node, tsx and Vitest alike.
//
// Messages from the HTTP thread:
//   { id, op: 'render', path, cookies? }   answered by { id, html } or { id, error } (index.html comes once, in workerData)
//   { id, op: 'answer', status, headers, body }   the answer to a call this thread made
// and to it: { id, op: 'call', url, method, headers, body }: a call of the screen, which the
// bid service answers through its own routes.
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

const { renderDocument } = await import(pathToFileURL(workerData.entry).href);

let nextCall = 0;
const calls = new Map();

/** The screen's calls, asked of the bid service; only text bodies (its public reads). */
function fetch(input, init = {}) {
  return new Promise((resolve, reject) => {
    const signal = init.signal;
    if (signal?.aborted) return reject(signal.reason);
    if (init.body !== undefined && typeof init.body !== 'string') return reject(new TypeError('a server render sends text bodies only'));
    const id = `c${nextCall++}`;
    calls.set(id, { resolve, reject });
    signal?.addEventListener('abort', () => calls.delete(id) && reject(signal.reason), { once: true });
    parentPort.postMessage({
      id,
      op: 'call',
      url: String(input),
      method: init.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init.headers)),
      body: init.body,
    });
  });
}

let queue = Promise.resolve();

parentPort.on('message', (message) => {
  if (message.op === 'answer') {
    const call = calls.get(message.id);
    calls.delete(message.id);
    call?.resolve(new Response(message.body, { status: message.status, headers: message.headers }));
    return;
  }
  if (message.op === 'render') {
    queue = queue.then(async () => {
      try {
        parentPort.postMessage({ id: message.id, html: await renderDocument(workerData.indexHtml, message.path, fetch, message.cookies) });
      } catch (error) {
        parentPort.postMessage({ id: message.id, error: error instanceof Error ? `${error.message}\n${error.stack}` : String(error) });
      }
    });
  }
});
parentPort.postMessage({ op: 'ready' });
