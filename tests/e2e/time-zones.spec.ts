import { expect, test } from '@playwright/test';
import { dateTimeIn } from '../../contract/time-zone';

/**
 * Every time a person reads is on the buyer's clock (TIME_ZONE, Asia/Shanghai here), whatever
 * the server's (the e2e service runs with TZ=America/Los_Angeles: scripts/e2e-server.mjs) and
 * whatever the device's, which only decides whether the zone is named.
 */
test('a cut-off time reads the same from the service’s render and the app, named on a device in another zone', async ({
  browser,
  page,
  request,
}) => {
  const answer = await request.post('/bid-web/bid-service/business/listByPage', { data: { bindOrPurchase: 0, pageNo: 1, pageSize: 10 } });
  const [notice] = ((await answer.json()) as { data: { records: Array<{ id: string; cutoffTime: string }> } }).data.records;
  const cutoff = new Date(notice!.cutoffTime);
  const china = dateTimeIn(cutoff, 'Asia/Shanghai');
  const serverClock = dateTimeIn(cutoff, 'America/Los_Angeles');

  // The service's own render of /login, before any script runs.
  const rendered = await (await request.get('/login')).text();
  expect(rendered).toContain('data-prerendered');
  expect(rendered).toContain(`>${china}</time>`);
  expect(rendered).not.toContain(serverClock);

  // A supplier in China: the time alone.
  await page.goto(`/bidDetail/${notice!.id}`);
  const cutoffLine = page.getByText(/^截止时间：/);
  await expect(cutoffLine).toHaveText(`截止时间：${china}`);

  // A supplier travelling in California: the same time, with the buyer's zone named.
  const abroad = await browser.newContext({ timezoneId: 'America/Los_Angeles', serviceWorkers: 'block' });
  try {
    const there = await abroad.newPage();
    await there.goto(`/bidDetail/${notice!.id}`);
    await expect(there.getByText(/^截止时间：/)).toHaveText(`截止时间：${china} GMT+8`);
  } finally {
    await abroad.close();
  }
});
