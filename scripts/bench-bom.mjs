// Reading a 5,000-line .xlsx bill of materials in the browser, as a supplier does on the bid
// upload page of the built portal: time from choosing the file to the line count on screen, and
// the tab's JS heap meanwhile (CDP), against the same page's baseline. A large sheet is unzipped
// in fflate's worker, whose memory is its own and not in the page's heap.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { findChromium, root, startBidService } from './lib.mjs';

const RUNS = 5;
const FIXTURE = join(root, 'tests/fixtures/bom-5000.xlsx');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (n) => Math.round((n / 1024 / 1024) * 10) / 10;

const service = await startBidService({ prefix: 'bench-bom-' });
const base = service.url;

try {
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${base}/login`);
  await page.getByRole('textbox', { name: /^账号/ }).fill('demo_a104');
  await page.getByLabel(/^密码/).fill('Demo1234');
  await page.getByRole('button', { name: '进入工作台' }).click();
  await page.waitForURL(/platform\/home/);
  // The demo record whose deposit is confirmed: its bid upload page.
  await page.goto(`${base}/platform/tenderManagement`);
  const bidPage = await page
    .getByRole('link', { name: /^上传投标文件及物料清单 / })
    .first()
    .getAttribute('href');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const heap = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'JSHeapUsedSize').value;

  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto(`${base}${bidPage}`);
    const input = page.getByRole('button', { name: '物料清单 选择文件', exact: true });
    await input.waitFor();
    await cdp.send('HeapProfiler.collectGarbage').catch(() => undefined);
    const baseline = await heap();
    let peak = baseline;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await heap());
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    const started = Date.now();
    await input.setInputFiles(FIXTURE);
    await page.getByText('物料清单共 5000 行物料').waitFor({ timeout: 60_000 });
    const ms = Date.now() - started;
    sampling = false;
    await sampler;
    runs.push({ ms, baselineMB: mb(baseline), peakMB: mb(peak) });
    console.log(`run ${i + 1}: ${ms} ms, JS heap ${mb(baseline)} MB -> peak ${mb(peak)} MB`);
  }
  await browser.close();
  const result = {
    lines: 5000,
    fileKB: Math.round(statSync(FIXTURE).size / 1024),
    runs,
    firstMs: runs[0].ms,
    medianMs: median(runs.map((r) => r.ms)),
    medianPeakHeapMB: median(runs.map((r) => r.peakMB)),
    medianHeapGrowthMB: median(runs.map((r) => Math.round((r.peakMB - r.baselineMB) * 10) / 10)),
  };
  console.log(JSON.stringify(result));
} finally {
  service.stop();
}
