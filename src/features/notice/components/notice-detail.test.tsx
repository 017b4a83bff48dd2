import type { NoticeDetail } from '@contract/schemas/notice';
import { i18n } from '@lingui/core';
import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bidService, ok } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { noticeQueryOptions } from '../api/get-notice';
import { NoticeDetailView } from './notice-detail';

// jsdom has no layout: the materials table's scroll region observes its size.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const server = setupServer(http.get(`${bidService}/common/getSelectCodeCommonData`, () => ok([])));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => i18n.loadAndActivate({ locale: 'zh-CN', messages: {} }));

const notice: NoticeDetail = {
  id: 'n1',
  bindOrPurchase: 0,
  tenderNo: 'ZB2030-0001',
  title: '瓦楞原纸年度采购',
  issuingUnit: '华南纸业集团有限公司',
  projectAddress: '广东省东莞市',
  registrationCount: 1250,
  cutoffTime: '2030-01-10T10:00:00+08:00',
  publishedAt: '2029-12-01T10:00:00+08:00',
  tenderingManner: 'OPEN',
  classification: 'PAPER',
  projectCycle: '1 年',
  annualDemand: '约 1780 吨',
  currency: 'USD',
  exchangeRate: 7.1,
  totalPrice: 4114000,
  depositAmount: 82000,
  referenceTemplate: null,
  typicalMaterials: [{ name: '瓦楞原纸', specification: '120g', estimatedAnnualQuantity: 1780, unit: '吨', usage: '纸箱', remark: '' }],
  requiredItems: [],
  clarificationRequest: '',
  certificateDocuments: [],
  companyInfo: { name: '华南纸业集团有限公司', address: '广东省东莞市', profile: '' },
  buyerContact: { name: '王工', phone: '13800000000', email: 'purchase@example.com' },
  questionsCloseAt: '2030-01-07T02:00:00.000Z',
  questions: [],
};

function renderNotice() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(noticeQueryOptions('n1').queryKey, { ...notice, storedAt: null });
  return renderScreen('/bidDetail/n1', () => <NoticeDetailView id="n1" />, ['/login', '/platform/tenderManagement'], { queryClient });
}

/** The value the base information shows beside a label. */
const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('NoticeDetailView numbers', () => {
  it('writes the exchange rate, the quantities, the count and the total in the Vietnamese way, all alike', async () => {
    i18n.loadAndActivate({ locale: 'vie', messages: {} });
    renderNotice();
    expect(await screen.findByText('汇率', { selector: 'dt' })).toBeTruthy();
    // In vi the decimal mark is a comma and the grouping a dot: a raw "7.1" would read as 71.
    expect(valueOf('汇率')).toBe(new Intl.NumberFormat('vi').format(7.1));
    expect(valueOf('汇率')).toBe('7,1');
    expect(valueOf('报名数')).toBe('1.250');
    expect(valueOf('总价')).toBe(
      new Intl.NumberFormat('vi', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(4114000),
    );
    const materials = screen.getAllByRole('table').at(-1)!;
    expect(within(materials).getByText('1.780')).toBeTruthy();
  });

  it('keeps every digit of a small rate and writes it with the English decimal point in en', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    queryClient.setQueryData(noticeQueryOptions('n1').queryKey, { ...notice, exchangeRate: 0.00029, storedAt: null });
    renderScreen('/bidDetail/n1', () => <NoticeDetailView id="n1" />, ['/login', '/platform/tenderManagement'], { queryClient });
    expect(await screen.findByText('汇率', { selector: 'dt' })).toBeTruthy();
    expect(valueOf('汇率')).toBe('0.00029');
    expect(valueOf('报名数')).toBe('1,250');
  });
});
