import { describe, expect, it } from 'vitest';
import { quoteBlock, quoteTotal, type EnquiryDetail, type EnquiryPage } from '../../contract/schemas/enquiry';
import { build } from '../test/helper';

const t = await build();
const a104 = await t.login('demo_a104');
const a141 = await t.login('demo_a141');
const a101 = await t.login('demo_a101');
const list = async (token: string) => (await t.post<EnquiryPage>('/enquiry/listByPage', { pageSize: 100 }, { token })).data;
const detail = async (id: string, token: string) => (await t.post<EnquiryDetail>('/enquiry/getById', { id }, { token })).data;
const DAY = 86_400_000;

describe('demo enquiries', () => {
  it('gives demo_a104 and demo_a141 enquiries in every state the list shows', async () => {
    const mine = await list(a104.token);
    const states = (p: EnquiryPage) => p.records.map((r) => `${r.businessStatus}/${r.replyStatus}/round ${r.round}`).sort();
    expect(states(mine)).toEqual([
      'awarded/replied/round 2',
      'bargaining/missed/round 1',
      'bargaining/pending/round 1',
      'bargaining/pending/round 3',
      'bargaining/replied/round 1',
      'notAwarded/replied/round 1',
    ]);
    expect(states(await list(a141.token))).toEqual([
      'awarded/replied/round 2',
      'bargaining/missed/round 1',
      'bargaining/pending/round 1',
      'bargaining/pending/round 1',
      'bargaining/pending/round 3',
      'cancelled/missed/round 1',
      'notAwarded/replied/round 1',
    ]);
    expect((await t.post('/enquiry/listByPage', {}, { token: a101.token })).code).toBe('E403');
  });

  it('keeps waiting rounds open for days and quotes inside their rounds; the newcomer may quote', async () => {
    const now = t.clock.now.getTime();
    const records = (await list(a104.token)).records;
    expect(records).toHaveLength(6);
    let quotes = 0;
    for (const r of records) {
      const d = await detail(r.id, a104.token);
      quotes += d.quotes.length;
      if (r.replyStatus === 'pending') expect(Date.parse(r.deadline) - now, r.theme).toBeGreaterThan(DAY);
      if (r.replyStatus === 'pending') expect(quoteBlock(r, r.round, now)).toBeNull();
      expect(d.lines.length, r.theme).toBeGreaterThanOrEqual(3);
      expect(d.lines.length, r.theme).toBeLessThanOrEqual(12);
      for (const q of d.quotes) {
        const round = d.rounds.find((x) => x.round === q.round)!;
        expect(Date.parse(q.submittedAt)).toBeGreaterThan(Date.parse(round.openedAt));
        expect(Date.parse(q.submittedAt)).toBeLessThan(Date.parse(round.deadline));
        expect(q.total).toBe(
          quoteTotal(q.lines.map((l) => ({ price: l.price, quantity: d.lines.find((x) => x.id === l.lineId)!.quantity }))),
        );
      }
      for (const [i, round] of d.rounds.entries())
        if (i > 0) expect(Date.parse(round.openedAt)).toBeGreaterThan(Date.parse(d.rounds[i - 1]!.openedAt));
      expect(Date.parse(r.createdAt)).toBeLessThanOrEqual(now);
    }
    // The quotes checked above: none of them was skipped for want of any.
    expect(quotes).toBe(6);
  });

  it('fills every column somewhere: names in Chinese, brands, expected, target and latest prices, package specifications', async () => {
    const records = (await list(a104.token)).records;
    const round3 = await detail(records.find((r) => r.round === 3)!.id, a104.token);
    expect(round3.lines.every((l) => l.targetPrice !== null && l.latestQuotation !== null)).toBe(true);
    expect(round3.quotes.map((q) => q.round)).toEqual([1, 2]);
    expect(round3.rounds.map((r) => r.status)).toEqual(['closed', 'closed', 'open']);
    const lines = [];
    for (const r of records) lines.push(...(await detail(r.id, a104.token)).lines);
    expect(lines.some((l) => l.brand !== '')).toBe(true);
    expect(lines.some((l) => l.expectedPrice !== null)).toBe(true);
    expect(lines.some((l) => l.replyPrice !== null)).toBe(true);
    expect(lines.every((l) => /[\u4e00-\u9fff]/.test(l.name) && l.packageSpecification !== '')).toBe(true);
    expect(lines.map((l) => l.name)).toEqual(expect.arrayContaining(['牛皮箱板纸', '瓦楞原纸', '玉米淀粉', 'PE 缠绕膜', '木托盘']));
  });
});
