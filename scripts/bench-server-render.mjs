// The bid service's render of a public notice (server/render/server-render.ts) on the built
// portal: what a first visit to /bidDetail/{id} waits for at the service, rendered and kept,
// and how many renders a second it makes under 8 concurrent first visits (the rest answered with
// the plain shell, which the portal renders itself); and /login with
// the first pages of both lists.
import { performance } from 'node:perf_hooks';
import { startBidService } from './lib.mjs';

const service = await startBidService({ prefix: 'bench-render-' });
const RENDERED = /<div id="root" data-prerendered data-path="\/bidDetail\//;

async function ids(count) {
  const out = [];
  for (let pageNo = 1; out.length < count; pageNo++) {
    const res = await fetch(`${service.url}/bid-web/bid-service/business/listByPage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bindOrPurchase: pageNo % 2, pageNo: Math.ceil(pageNo / 2), pageSize: 50 }),
    });
    const records = (await res.json()).data.records;
    if (!records.length) break;
    out.push(...records.map((r) => r.id));
  }
  return out.slice(0, count);
}

async function visit(id, path = `/bidDetail/${id}`, rendered = RENDERED) {
  const started = performance.now();
  const res = await fetch(`${service.url}${path}`, { headers: { 'accept-encoding': 'br' } });
  const html = await res.text();
  return { ms: performance.now() - started, rendered: rendered.test(html) };
}
/** /login with its page of notices in the document (a notice link inside the rendered #root). */
const LOGIN_RENDERED =
  /<div id="root" data-prerendered data-path="\/login" data-locale="zh-CN">(?:(?!<script type="text\/html")[\s\S])*href="\/bidDetail\//;

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10;
};

try {
  const all = await ids(200);
  await visit(all[0]); // the render thread starts and loads the bundle
  const half = Math.floor(all.length / 2);
  // 8 at a time, each a notice not rendered yet.
  const rest = all.slice(1, half);
  const concurrent = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let id = rest.shift(); id; id = rest.shift()) concurrent.push(await visit(id));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  // One at a time: the other half, then the same again (kept).
  const first = [];
  for (const id of all.slice(half)) first.push(await visit(id));
  const kept = [];
  for (const id of all.slice(half)) kept.push(await visit(id));
  // /login, the first 4 pages of each list, each once (the demo data has about 45 of each).
  const login = [];
  for (const tab of ['bidding', 'purchasing'])
    for (let page = 1; page <= 4; page++)
      login.push(await visit(null, `/login?page=${page}${tab === 'purchasing' ? '&tab=purchasing' : ''}`, LOGIN_RENDERED));
  const summary = (visits) => ({
    count: visits.length,
    medianMs: pct(
      visits.map((r) => r.ms),
      50,
    ),
    p95Ms: pct(
      visits.map((r) => r.ms),
      95,
    ),
    rendered: visits.filter((r) => r.rendered).length,
  });
  const result = {
    login: summary(login),
    firstRender: summary(first),
    kept: summary(kept),
    concurrent8: {
      ...summary(concurrent),
      rendersPerSecond: Math.round((concurrent.filter((r) => r.rendered).length / seconds) * 10) / 10,
    },
  };

  console.log(
    `/login, pages 1 to 4 of both lists: median ${result.login.medianMs} ms, p95 ${result.login.p95Ms} ms (${result.login.rendered} of ${result.login.count} rendered with their notices)`,
  );
  console.log(
    `a notice, first render: median ${result.firstRender.medianMs} ms, p95 ${result.firstRender.p95Ms} ms (${result.firstRender.rendered} of ${result.firstRender.count} rendered); kept: median ${result.kept.medianMs} ms; 8 concurrent: ${result.concurrent8.rendersPerSecond} renders/s, ${result.concurrent8.count - result.concurrent8.rendered} of ${result.concurrent8.count} answered with the plain shell, p95 ${result.concurrent8.p95Ms} ms`,
  );
  console.log(JSON.stringify(result));
} finally {
  service.stop();
}
