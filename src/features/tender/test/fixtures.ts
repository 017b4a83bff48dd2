import type { TenderRecordDetail, TenderRecordSummary } from '@contract/schemas/tender';

const DAY = 86_400_000;
/** The bid service's clock in these tests: far from the device's, so only the offset can make the countdowns right. */
export const SERVER_NOW = Date.parse('2030-06-01T10:00:00+08:00');
export const inDays = (days: number) => new Date(SERVER_NOW + days * DAY).toISOString();

export function summary(n: number, overrides: Partial<TenderRecordSummary> = {}): TenderRecordSummary {
  return {
    id: `t${n}`,
    noticeId: `n${n}`,
    tenderNo: `ZB2030-${String(n).padStart(4, '0')}`,
    title: `瓦楞纸箱年度采购 ${n}`,
    cutoffTime: inDays(10),
    status: 'signedUp',
    winStatus: 'pending',
    refundStatus: 'none',
    requiredDeposit: 12000,
    currency: 'CNY',
    depositAmount: null,
    depositConfirmed: false,
    rejectReason: null,
    bidDocuments: [],
    refundVoucher: null,
    signedUpAt: inDays(-3),
    bidSubmittedAt: null,
    bidVersion: null,
    updatedAt: inDays(-1),
    ...overrides,
  };
}

export const file = (name: string) => ({ name, url: `/f/${name}`, path: `files/${name}` });

export function detail(overrides: Partial<TenderRecordDetail> = {}): TenderRecordDetail {
  return {
    ...summary(1),
    requiredCertificates: ['营业执照', 'ISO 9001'],
    deposit: null,
    bid: null,
    bidVersions: [],
    refund: null,
    receipts: [],
    serverTime: new Date(SERVER_NOW).toISOString(),
    ...overrides,
  };
}

export const page = (records: TenderRecordSummary[], total = records.length, pageNo = 1, pageSize = 10) => ({
  records,
  total,
  pageNo,
  pageSize,
  serverTime: new Date(SERVER_NOW).toISOString(),
});
