import type { EnquiryDetail, EnquiryLine, EnquiryQuote, EnquirySummary } from '@contract/schemas/enquiry';

const DAY = 86_400_000;
/** The bid service's clock in these tests: far from the device's, so only the offset can make the countdowns right. */
export const SERVER_NOW = Date.parse('2030-06-01T10:00:00+08:00');
export const inDays = (days: number) => new Date(SERVER_NOW + days * DAY).toISOString();

export function summary(n: number, overrides: Partial<EnquirySummary> = {}): EnquirySummary {
  return {
    id: `e${n}`,
    enquiryNo: `XJ2030-${String(n).padStart(4, '0')}`,
    theme: `瓦楞纸箱询价 ${n}`,
    replyStatus: 'pending',
    businessStatus: 'bargaining',
    round: 1,
    createdAt: inDays(-5),
    updatedAt: inDays(-1),
    deadline: inDays(3),
    currency: 'CNY',
    ...overrides,
  };
}

export function line(n: number, overrides: Partial<EnquiryLine> = {}): EnquiryLine {
  return {
    id: `l${n}`,
    lineNo: n,
    materialNo: `M-${String(n).padStart(3, '0')}`,
    name: `五层瓦楞纸箱 ${n}`,
    specification: '600×400×300',
    unit: '个',
    brand: '',
    quantity: '12000.000',
    expectedPrice: null,
    targetPrice: null,
    latestQuotation: null,
    replyPrice: null,
    packageSpecification: '50 个/捆',
    ...overrides,
  };
}

export function quote(round: number, prices: Record<string, string>, overrides: Partial<EnquiryQuote> = {}): EnquiryQuote {
  return {
    round,
    submittedAt: inDays(-4 + round),
    currency: 'CNY',
    taxIncluded: true,
    deliveryDate: '2030-07-15',
    remark: '',
    total: '0.00',
    lines: Object.entries(prices).map(([lineId, price]) => ({ lineId, price })),
    letter: null,
    receipt: null,
    ...overrides,
  };
}

export function detail(overrides: Partial<EnquiryDetail> = {}): EnquiryDetail {
  return {
    ...summary(1),
    priceIncludesTax: true,
    effectiveTime: inDays(-5),
    expiryTime: inDays(60),
    remark: '',
    vatType: '13% 增值税专用发票',
    warrantyPeriod: '12 个月',
    warrantyMethod: '质量问题包换',
    transportType: '公路运输',
    deliveryDate: '2030-07-15',
    invoiceType: '增值税专用发票',
    paymentType: '月结 60 天',
    deliveryType: '送货上门',
    unloadingMethod: '供应商卸货',
    lines: [line(1)],
    rounds: [{ round: 1, promoter: '采购部 王五', openedAt: inDays(-5), deadline: inDays(3), status: 'open' }],
    quotes: [],
    serverTime: new Date(SERVER_NOW).toISOString(),
    ...overrides,
  };
}

export const page = (records: EnquirySummary[], total = records.length, pageNo = 1, pageSize = 10) => ({
  records,
  total,
  pageNo,
  pageSize,
  serverTime: new Date(SERVER_NOW).toISOString(),
});
