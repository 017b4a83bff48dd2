import { message } from '@/locales/wire';
import type { EnquiryDetail } from '@contract/schemas/enquiry';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logIn } from '@/offline/test-helpers';
import { bidService, ok } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { formatDateTime } from '@/ui/format';
import { detail, inDays, line, quote, SERVER_NOW } from '../test/fixtures';
import { EnquiryDetailView } from './enquiry-detail';

// The quote form is another helper's work with tests of its own: here it only has to get the enquiry, the supplier and the clock.
const quoteForm = vi.hoisted(() => ({ props: [] as { enquiry: EnquiryDetail; supplierId: string; serverNow: () => number }[] }));
vi.mock('./quote-form', () => ({
  QuoteForm: (props: { enquiry: EnquiryDetail; supplierId: string; serverNow: () => number }) => {
    quoteForm.props.push(props);
    return <section aria-label="QUOTE FORM" />;
  },
}));

const HOUR = 3_600_000;
const zh = (key: Parameters<typeof message>[0]) => message(key, 'zh-CN');

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  quoteForm.props.length = 0;
});
afterAll(() => server.close());

function renderDetail(answer: Response | ReturnType<typeof ok>) {
  logIn('s1');
  server.use(http.post(`${bidService}/enquiry/getById`, () => answer));
  return renderScreen('/platform/bargaining/e1', () => <EnquiryDetailView supplierId="s1" id="e1" />, ['/platform/bargaining']);
}

const section = (name: string) => within(screen.getByRole('region', { name }));

/** An enquiry in round 3: the supplier quoted rounds 1 and 2 (round 2 in another currency? no: both CNY) and has not quoted round 3 yet. */
const ROUND_3 = detail({
  round: 3,
  deadline: new Date(SERVER_NOW + 5 * HOUR + 20.5 * 60_000).toISOString(),
  remark: '含运费\n请注明交期',
  lines: [
    line(2, {
      name: '纸管',
      materialNo: 'M-002',
      quantity: '1500.5',
      latestQuotation: '3.20',
      expectedPrice: '3.00',
      targetPrice: '2.95',
      brand: '玖龙',
    }),
    line(1, { latestQuotation: '12.50', expectedPrice: '11.80', targetPrice: null, replyPrice: null }),
  ],
  rounds: [
    { round: 2, promoter: '采购部 王五', openedAt: inDays(-3), deadline: inDays(-1), status: 'closed' },
    { round: 1, promoter: '采购部 王五', openedAt: inDays(-5), deadline: inDays(-3.5), status: 'closed' },
    {
      round: 3,
      promoter: '采购经理 赵六',
      openedAt: inDays(-0.5),
      deadline: new Date(SERVER_NOW + 5 * HOUR + 20.5 * 60_000).toISOString(),
      status: 'open',
    },
  ],
  quotes: [
    quote(1, { l1: '13.00', l2: '3.50' }, { total: '161251.75', submittedAt: '2030-05-27T09:00:00+08:00' }),
    quote(
      2,
      { l1: '12.50', l2: '3.20' },
      {
        total: '154801.60',
        submittedAt: '2030-05-29T15:30:00+08:00',
        remark: '批量优惠',
        letter: { name: '询价函-第2轮.xlsx', url: '/f/l.xlsx', path: 'files/l.xlsx' },
      },
    ),
  ],
});

describe('EnquiryDetailView', () => {
  it('shows where the enquiry stands and the deadline with the time left on the bid service clock', async () => {
    renderDetail(ok(ROUND_3));
    expect(await screen.findByRole('heading', { level: 1, name: '瓦楞纸箱询价 1' })).toBeTruthy();
    const summary = within(screen.getByRole('region', { name: '询价概要' }));
    expect(summary.getByText('XJ2030-0001')).toBeTruthy();
    expect(summary.getByText('第 3 轮')).toBeTruthy();
    expect(summary.getByText('待报价')).toBeTruthy();
    expect(summary.getByText('议价中')).toBeTruthy();
    // Less than a day left: in words, with the countdown, though this device is years earlier.
    const note = summary.getByRole('note');
    expect(note.textContent).toContain('距第 3 轮报价截止不足 24 小时');
    expect(within(note).getByText('剩余 5 小时 20 分钟')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回列表' }).getAttribute('href')).toBe('/platform/bargaining');
  });

  it('lists the buyer terms of SPEC.md section 3', async () => {
    renderDetail(ok(ROUND_3));
    await screen.findByRole('heading', { level: 1, name: '瓦楞纸箱询价 1' });
    const terms = section('询价条款');
    const value = (label: string) => terms.getByText(label).nextElementSibling?.textContent;
    expect(value('币种')).toBe('CNY');
    expect(value('价格是否含税')).toBe('含税');
    expect(value('生效时间')).toBe(formatDateTime(ROUND_3.effectiveTime));
    expect(value('失效时间')).toBe(formatDateTime(ROUND_3.expiryTime));
    expect(value('增值税类型')).toBe('13% 增值税专用发票');
    expect(value('质保期')).toBe('12 个月');
    expect(value('质保方式')).toBe('质量问题包换');
    expect(value('运输方式')).toBe('公路运输');
    // A calendar date, never shifted by the time zone.
    expect(value('交货日期')).toBe('2030-07-15');
    expect(value('发票类型')).toBe('增值税专用发票');
    expect(value('付款方式')).toBe('月结 60 天');
    expect(value('交货方式')).toBe('送货上门');
    expect(value('卸货方式')).toBe('供应商卸货');
    expect(value('备注')).toBe('含运费\n请注明交期');
  });

  it('lists the material lines in order with prices in two decimals and separators, and the discount against the latest quotation', async () => {
    const replied = detail({
      ...ROUND_3,
      replyStatus: 'replied',
      lines: ROUND_3.lines.map((l) => ({ ...l, replyPrice: l.id === 'l1' ? '11.875' : '3.20' })),
      quotes: [...ROUND_3.quotes, quote(3, { l1: '11.88', l2: '3.20' }, { total: '147361.60' })],
    });
    // 11.875 is not a wire price: the reply prices of the lines are exact two-decimal texts.
    replied.lines[1]!.replyPrice = '11.88';
    renderDetail(ok(replied));
    await screen.findByRole('heading', { level: 1, name: '瓦楞纸箱询价 1' });
    const lines = section('项目清单');
    const table = lines.getByRole('table', { name: '项目清单' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      '行号',
      '物料编码',
      '物料名称',
      '规格型号',
      '单位',
      '品牌',
      '预估数量',
      '最新报价',
      '期望价格',
      '目标价格',
      '回复价格',
      '折扣',
      '包装规格',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    // Sorted by line number, whatever order the answer had.
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(cells[0]).toEqual([
      '1',
      'M-001',
      '五层瓦楞纸箱 1',
      '600×400×300',
      '个',
      '—',
      '12,000',
      '¥12.50',
      '¥11.80',
      '—',
      '¥11.88',
      '↓ -4.96%降低 4.96%',
      '50 个/捆',
    ]);
    expect(cells[1]).toEqual([
      '2',
      'M-002',
      '纸管',
      '600×400×300',
      '个',
      '玖龙',
      '1,500.5',
      '¥3.20',
      '¥3.00',
      '¥2.95',
      '¥3.20',
      '0.00%持平',
      '50 个/捆',
    ]);
    // Phones get the same lines as cards.
    const card = within(lines.getByRole('article', { name: '1. 五层瓦楞纸箱 1' }));
    expect(card.getByText('¥11.88')).toBeTruthy();
    expect(card.getByText('降低 4.96%')).toBeTruthy();
  });

  it('renders the quote form below the project list with the enquiry, the supplier and the bid service clock', async () => {
    renderDetail(ok(ROUND_3));
    await screen.findByRole('heading', { level: 1, name: '瓦楞纸箱询价 1' });
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label') ?? r.querySelector('h2')?.textContent);
    expect(regions).toEqual(['询价概要', '询价条款', '项目清单', 'QUOTE FORM', '议价历史', '报价历史']);
    const props = quoteForm.props.at(-1)!;
    expect(props.supplierId).toBe('s1');
    expect(props.enquiry.id).toBe('e1');
    expect(props.enquiry.round).toBe(3);
    // The bid service's time, not this device's.
    expect(Math.abs(props.serverNow() - SERVER_NOW)).toBeLessThan(60_000);
  });

  it('shows the rounds first to last, with promoter, dates and whether each is open', async () => {
    renderDetail(ok(ROUND_3));
    await screen.findByRole('heading', { level: 1, name: '瓦楞纸箱询价 1' });
    const history = section('议价历史');
    const table = history.getByRole('table', { name: '议价历史' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['议价次数', '发起人', '发起时间', '报价截止时间', '状态']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['第 1 轮', '采购部 王五', formatDateTime(inDays(-5)), formatDateTime(inDays(-3.5)), '已结束'],
      ['第 2 轮', '采购部 王五', formatDateTime(inDays(-3)), formatDateTime(inDays(-1)), '已结束'],
      ['第 3 轮', '采购经理 赵六', formatDateTime(inDays(-0.5)), formatDateTime(ROUND_3.deadline), '进行中'],
    ]);
    expect(within(table).getAllByRole('row')[3]!.getAttribute('aria-current')).toBe('step');
    // The same on a phone, as a list.
    expect(history.getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows each quote, newest first, with its total and every line price against the quote before it', async () => {
    renderDetail(ok(ROUND_3));
    await screen.findByRole('heading', { level: 1, name: '瓦楞纸箱询价 1' });
    const history = section('报价历史');
    // Each quote is a <details> (role group); its table's scroller is a group too.
    const groups = history.getAllByRole('group').filter((group) => group.tagName === 'DETAILS');
    expect(groups).toHaveLength(2);
    // Newest open, older folded.
    expect((groups[0] as HTMLDetailsElement).open).toBe(true);
    expect((groups[1] as HTMLDetailsElement).open).toBe(false);

    const second = within(groups[0]!);
    expect(second.getByText('第 2 轮报价')).toBeTruthy();
    expect(second.getAllByText('¥154,801.60')).toHaveLength(2);
    expect(second.getByText('批量优惠')).toBeTruthy();
    expect(second.getByRole('button', { name: '下载 询价函-第2轮.xlsx' })).toBeTruthy();
    const table = second.getByRole('table', { name: '第 2 轮报价明细' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['物料', '报价', '较第 1 轮']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['M-001五层瓦楞纸箱 1', '¥12.50', '↓ -3.85%降低 3.85%'],
      ['M-002纸管', '¥3.20', '↓ -8.57%降低 8.57%'],
    ]);

    const first = within(groups[1]!);
    expect(first.getByText('第 1 轮报价')).toBeTruthy();
    expect(first.getAllByText('¥161,251.75')).toHaveLength(2);
    // Nothing before the first quote to compare with.
    expect(first.getByRole('columnheader', { name: '较上次报价' })).toBeTruthy();
    const firstRows = within(first.getByRole('table', { name: '第 1 轮报价明细' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(firstRows.map((cells) => cells.at(-1))).toEqual(['—', '—']);
  });

  it('compares no prices across currencies', async () => {
    const mixed = detail({
      ...ROUND_3,
      quotes: [
        quote(1, { l1: '13.00', l2: '3.50' }, { total: '1.00' }),
        quote(2, { l1: '1.80', l2: '0.45' }, { total: '2.00', currency: 'USD' }),
      ],
      lines: ROUND_3.lines.map((l) => ({ ...l, latestQuotation: l.id === 'l1' ? '1.80' : '0.45' })),
    });
    renderDetail(ok(mixed));
    await screen.findByRole('heading', { level: 1, name: '瓦楞纸箱询价 1' });
    const table = within(section('报价历史').getAllByRole('group')[0]!).getByRole('table');
    expect(within(table).queryByText(/降低|上涨/)).toBeNull();
    // The latest quotation is shown in the currency it was quoted in.
    expect(within(section('项目清单').getByRole('table')).getByText('US$1.80')).toBeTruthy();
  });

  it('says when the supplier has not quoted and a round closed without its quote', async () => {
    renderDetail(
      ok(
        detail({
          deadline: inDays(-0.1),
          rounds: [{ round: 1, promoter: '采购部', openedAt: inDays(-5), deadline: inDays(-0.1), status: 'open' }],
        }),
      ),
    );
    await screen.findByRole('heading', { level: 1, name: '瓦楞纸箱询价 1' });
    const summary = within(screen.getByRole('region', { name: '询价概要' }));
    // Pending when answered, past the deadline on the bid service's clock now.
    expect(summary.getByText('未报价')).toBeTruthy();
    expect(summary.getByRole('note').textContent).toContain('第 1 轮报价已于');
    expect(section('报价历史').getByText('您尚未对该询价报价。')).toBeTruthy();
    expect(section('议价历史').getAllByText('已结束')).toHaveLength(2);
  });

  it('shows no deadline notice once the enquiry is closed', async () => {
    renderDetail(ok(detail({ businessStatus: 'awarded', replyStatus: 'replied' })));
    await screen.findByRole('heading', { level: 1, name: '瓦楞纸箱询价 1' });
    const summary = within(screen.getByRole('region', { name: '询价概要' }));
    expect(summary.getByText('已定标')).toBeTruthy();
    expect(summary.queryByRole('note')).toBeNull();
  });

  it('downloads the inquiry-letter template under the name the bid service gives', async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const bodies: unknown[] = [];
    server.use(
      http.post(`${bidService}/enquiry/downloadTemplate`, async ({ request }) => {
        bodies.push(await request.json());
        return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
          headers: {
            'Content-Type': 'application/octet-stream',
            'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('询价函-XJ2030-0001-第3轮.xlsx')}`,
          },
        });
      }),
    );
    renderDetail(ok(ROUND_3));
    await screen.findByRole('heading', { level: 1, name: '瓦楞纸箱询价 1' });
    await userEvent.click(section('项目清单').getByRole('button', { name: '下载询价函模板' }));
    await waitFor(() => expect(saved).toEqual(['询价函-XJ2030-0001-第3轮.xlsx']));
    expect(bodies).toEqual([{ id: 'e1' }]);
    click.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('says data lost for an enquiry that is not the supplier’s, and offers a retry for a failed load', async () => {
    renderDetail(HttpResponse.json({ code: 'E404', message: zh('dataLost'), data: null }));
    expect(await screen.findByText(zh('dataLost'))).toBeTruthy();
    expect(screen.getByText('该询价单不存在，或不属于当前账号。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  it('offers a retry when the bid service cannot be reached and nothing is stored', { timeout: 10_000 }, async () => {
    renderDetail(HttpResponse.error());
    // Network failures are tried again twice (1 s, 2 s) before the page gives up.
    expect(await screen.findByText('询价单加载失败', {}, { timeout: 6000 })).toBeTruthy();
    server.use(http.post(`${bidService}/enquiry/getById`, () => ok(ROUND_3)));
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { level: 1, name: '瓦楞纸箱询价 1' })).toBeTruthy();
  });
});
