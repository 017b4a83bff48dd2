import { describe, expect, it } from 'vitest';
import { calls, type CallName } from '../contract/calls';
import type { TodoKind } from '../contract/home-values';
import type { TodoPage } from '../contract/schemas/home';
import { isOpenTo, MENU_KEYS, STATUS_RULES, SUPPLIER_STATUSES, type MenuKey } from '../contract/status-rules';
import { runOperatorAction } from './services/operator-actions';
import { build, newSupplier } from './test/helper';

/**
 * The status rule (contract/status-rules.ts) walked against the running bid service: for every
 * status, each call behind a gated menu entry refuses with E403 exactly when the table closes the
 * entry to that status, and the to-do list shows a kind exactly when its screen is open. The
 * portal's menu and route guard are walked against the same table in src/app/platform/menu.test.ts.
 */
const t = await build();
type Supplier = { token: string; supplierCode: string };

const NO_ID = '00000000-0000-0000-0000-000000000000';
const FILES = [{ name: 'a.pdf', url: '', path: 'x' }];

/**
 * A request each gated call takes as well formed, so that nothing but the status can refuse it
 * before the handler looks further: ids that name nothing (E404 past the gate) and the caller's
 * own supplier code.
 */
const REQUESTS: Partial<Record<CallName, (s: Supplier) => object>> = {
  tenderSignUp: () => ({ noticeId: NO_ID }),
  tenderListByPage: () => ({}),
  tenderGetById: () => ({ id: NO_ID }),
  tenderPayDeposit: (s) => ({
    tenderRecordId: NO_ID,
    supplierCode: s.supplierCode,
    depositType: 'transfer',
    amount: 1,
    paymentDate: '2026-01-01',
    remittanceSlip: FILES,
  }),
  tenderSubmitBid: (s) => ({ tenderRecordId: NO_ID, supplierCode: s.supplierCode, bidDocuments: FILES, billOfMaterials: FILES }),
  tenderReplaceBid: (s) => ({
    tenderRecordId: NO_ID,
    supplierCode: s.supplierCode,
    bidDocuments: FILES,
    billOfMaterials: FILES,
    version: 1,
  }),
  tenderWithdrawBid: (s) => ({ tenderRecordId: NO_ID, supplierCode: s.supplierCode, version: 1 }),
  tenderApplyRefund: (s) => ({ tenderRecordId: NO_ID, supplierCode: s.supplierCode }),
  tenderAskQuestion: (s) => ({ noticeId: '999999999', supplierCode: s.supplierCode, question: '状态规则' }),
  tenderListQuestions: () => ({ noticeId: '999999999' }),
  enquiryListByPage: () => ({}),
  enquiryGetById: () => ({ id: NO_ID }),
  enquiryQuote: () => ({
    enquiryId: NO_ID,
    round: 1,
    currency: 'CNY',
    taxIncluded: true,
    deliveryDate: '2030-01-31',
    remark: '',
    lines: [{ lineId: 'x', price: '1.00' }],
  }),
  enquiryDownloadTemplate: () => ({ id: NO_ID }),
  communicationListByPage: () => ({}),
  communicationGetById: () => ({ id: NO_ID }),
  communicationSave: () => ({ priority: 'low', topic: '状态规则', content: '内容' }),
  communicationReply: () => ({ communicationId: NO_ID, detail: '内容' }),
};

/** The menu entry whose screen each to-do kind opens. */
const TODO_SCREENS: Record<TodoKind, MenuKey> = {
  depositDue: 'tenderManagement',
  bidDue: 'tenderManagement',
  quoteDue: 'bargaining',
  communicationReplied: 'communicateRecord',
  visitReturned: 'visitorApplyNew',
};

const gated = MENU_KEYS.flatMap((key) => (STATUS_RULES[key].calls ?? []).map((name) => [key, name] as const));

describe('the status rule, as the bid service applies it', () => {
  it('has a well-formed request for every gated call', () => {
    expect(gated.length).toBeGreaterThan(0);
    for (const [, name] of gated) expect(REQUESTS[name], name).toBeDefined();
  });

  it.each(SUPPLIER_STATUSES)('%s: each gated call is refused (E403) exactly where the table closes its menu entry', async (status) => {
    const supplier = await newSupplier(t, status);
    for (const [key, name] of gated) {
      const res = await t.post(calls[name].path, REQUESTS[name]!(supplier), { token: supplier.token });
      if (isOpenTo(key, status)) expect(res.code, `${status} ${name}: ${res.message}`).not.toMatch(/^E40[013]$/);
      else expect(res.code, `${status} ${name}: ${res.message}`).toBe('E403');
    }
  });

  it.each(SUPPLIER_STATUSES)('%s: the to-do list shows a kind exactly where the table opens its screen', async (status) => {
    // demo_a104's seeded records give it a to-do of every kind; only its status changes here.
    const ctx = { db: t.db, storage: t.app.services.storage, now: new Date(t.clock.now), timeZone: t.app.services.timeZone };
    const s = await t.login('demo_a104');
    await runOperatorAction(ctx, 'setStatus', { supplier: 'demo_a104', status });
    try {
      const res = await t.post<TodoPage>('/home/todoList', { pageSize: 100 }, { token: s.token });
      expect(res.code).toBe('E000');
      const expected = Object.entries(TODO_SCREENS)
        .filter(([, key]) => isOpenTo(key, status))
        .map(([kind]) => kind);
      expect(new Set(res.data.records.map((item) => item.kind))).toEqual(new Set(expected));
    } finally {
      await runOperatorAction(ctx, 'setStatus', { supplier: 'demo_a104', status: 'A104' });
    }
  });
});
