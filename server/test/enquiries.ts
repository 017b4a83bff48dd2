import type { EnquiryDetail } from '../../contract/schemas/enquiry';
import { runOperatorAction, type OperatorAction } from '../services/operator-actions';
import type { TestApp } from './helper';

/** Enquiry test kit: sessions, enquiries made by the operator actions, quote bodies. */

export interface Session {
  token: string;
  supplierId: string;
  username: string;
}

/** `n` lines of paper with quantities that make the totals round (and one that does not). */
export const testLines = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    materialNo: `T-${String(i + 1).padStart(3, '0')}`,
    name: `测试物料 ${i + 1}`,
    specification: `${100 + i}g/m²`,
    unit: '吨',
    brand: i % 2 ? '玖龙' : '',
    quantity: i === 0 ? '1.005' : `${10 * (i + 1)}.000`,
    expectedPrice: i % 2 ? null : `${3000 + i}.50`,
    packageSpecification: '卷装',
  }));

export function enquiryKit(t: TestApp) {
  const as = (s: { token: string }, headers: Record<string, string> = {}) => ({ token: s.token, headers });
  const session = (username: string): Promise<Session> => t.login(username);

  const operator = <T = unknown>(action: OperatorAction, input: unknown) =>
    runOperatorAction(
      { db: t.db, storage: t.app.services.storage, now: new Date(t.clock.now), timeZone: t.app.services.timeZone },
      action,
      input,
    ) as Promise<T>;

  /** A fresh enquiry (72 hours, three lines, both demo suppliers unless told otherwise). */
  const create = (o: { lines?: number; hours?: number; suppliers?: string[]; theme?: string } = {}) =>
    operator<{ id: string; enquiryNo: string; round: number; deadline: string }>('createEnquiry', {
      theme: o.theme ?? `测试询价 ${Math.random().toString(36).slice(2, 8)}`,
      suppliers: o.suppliers ?? ['demo_a104', 'demo_a141'],
      lines: testLines(o.lines ?? 3),
      hours: o.hours ?? 72,
    });

  const detail = async (s: Session, id: string) => {
    const res = await t.post<EnquiryDetail>('/enquiry/getById', { id }, as(s));
    if (res.code !== 'E000') throw new Error(`getById: ${res.code} ${res.message}`);
    return res.data;
  };

  /** A quote of every line of `d` at `price` (or each line's own), for its current round. */
  const quoteBody = (d: EnquiryDetail, overrides: Record<string, unknown> = {}, price: string | ((i: number) => string) = '100.00') => ({
    enquiryId: d.id,
    round: d.round,
    currency: 'CNY',
    taxIncluded: true,
    deliveryDate: '2030-01-31',
    remark: '',
    lines: d.lines.map((l, i) => ({ lineId: l.id, price: typeof price === 'string' ? price : price(i) })),
    ...overrides,
  });

  const quote = <T = EnquiryDetail>(s: Session, body: unknown, headers: Record<string, string> = {}) =>
    t.post<T>('/enquiry/quote', body, as(s, headers));

  return { as, session, operator, create, detail, quoteBody, quote };
}
