// Lighthouse 12 (mobile, its default simulated throttling: a mid-range phone on slow 4G) on the
// built portal as the bid service serves it: /login, a public notice's /bidDetail/{id} and
// /visitLogin, each 3 times in a fresh browser; the median run of each (by performance score).
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { findChromium, freePort, startBidService } from './lib.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const service = await startBidService({ prefix: 'bench-lighthouse-' });

/** The first public bidding notice, as a visitor of /login would open it. */
async function firstNoticeId() {
  const res = await fetch(`${service.url}/bid-web/bid-service/business/listByPage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ bindOrPurchase: 0, pageNo: 1, pageSize: 10 }),
  });
  const { data } = await res.json();
  return data.records[0].id;
}

async function audit(url) {
  const port = await freePort();
  const browser = await chromium.launch({ executablePath: findChromium(), args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu'] });
  try {
    const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const ms = (id) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    const scripts = requests.filter((r) => r.resourceType === 'Script');
    // What keeps a category under 100: the audits it weighs that did not pass.
    const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
      lhr.categories[c].auditRefs.filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1).map((ref) => `${c}: ${ref.id}`),
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: ms('first-contentful-paint'),
      lcpMs: ms('largest-contentful-paint'),
      tbtMs: ms('total-blocking-time'),
      cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN) * 1000) / 1000,
      scriptRequests: scripts.length,
      scriptTransferKB: Math.round(scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 102.4) / 10,
      // This machine's speed as Lighthouse rates it (its 4x CPU slowdown assumes a desktop of 1,500 to 2,000).
      benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? NaN),
      failing,
    };
  } finally {
    await browser.close();
  }
}

try {
  const pages = { '/login': '/login', '/bidDetail/{id}': `/bidDetail/${await firstNoticeId()}`, '/visitLogin': '/visitLogin' };
  const result = {};
  for (const [name, path] of Object.entries(pages)) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(`${service.url}${path}`));
    const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
    result[name] = { median, performanceRuns: runs.map((r) => r.performance) };
    console.log(
      `${name}: performance ${median.performance} (runs ${runs.map((r) => r.performance).join(', ')}), accessibility ${median.accessibility}, best practices ${median.bestPractices}, SEO ${median.seo}; ` +
        `FCP ${median.fcpMs} ms, LCP ${median.lcpMs} ms, TBT ${median.tbtMs} ms, CLS ${median.cls}; ${median.scriptRequests} scripts, ${median.scriptTransferKB} KB; benchmark index ${median.benchmarkIndex}` +
        (median.failing.length ? `; not passed: ${median.failing.join(', ')}` : ''),
    );
  }
  console.log(JSON.stringify(result));
} finally {
  service.stop();
}
