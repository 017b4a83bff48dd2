import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearch } from '@tanstack/react-router';
import type { VisitApplicationDetail } from '@contract/schemas/visit';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { supplierOwner } from '@/offline/db';
import { loadDraft } from '@/offline/drafts';
import { listEntries, listUploads } from '@/offline/outbox';
import { patchEntry } from '@/offline/outbox-store';
import { fileOf, logIn, logOut, resetPortalDb, useNodeBlobs } from '@/offline/test-helpers';
import { DRAFT_SAVE_DELAY_MS } from '@/offline/use-draft';
import { message } from '@/locales/wire';
import { bidService, ok } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { queueVisitApplication } from '../api/queue-visit-application';
import { emptyTypedFile, emptyVisitValues, type VisitFormValues } from '../form/visit-values';
import { validateVisitFormSearch, type VisitFormSearch } from '../visit-search';
import { VisitNewPage } from './visit-new-page';

const OWNER = supplierOwner('s1');

const DICTIONARIES: Record<string, { code: string; label: string }[]> = {
  visitIntention: [{ code: 'AUDIT', label: '审核' }],
  entryMethod: [{ code: 'CAR', label: '自驾' }],
  gender: [{ code: 'M', label: '男' }],
  certificateType: [
    { code: 'ID', label: '居民身份证' },
    { code: 'PASSPORT', label: '护照' },
  ],
  mealType: [{ code: 'STD', label: '工作餐' }],
  visitFileType: [{ code: 'PLAN', label: '参观方案' }],
  insuranceType: [{ code: 'ACCIDENT', label: '意外险' }],
  currency: [{ code: 'CNY', label: '人民币' }],
};
const server = setupServer(
  http.get(`${bidService}/common/getSelectCodeCommonData`, ({ request }) =>
    ok(DICTIONARIES[new URL(request.url).searchParams.get('type')!] ?? []),
  ),
  http.get(`${bidService}/supplier/getProductionBaseOrg`, () => ok([{ code: 'DG', label: '东莞生产基地' }])),
  http.get(`${bidService}/supplier/getOrgCodeByProductionBase`, () => ok([{ code: 'QA', label: '质量部' }])),
  http.post(`${bidService}/tender/listByPage`, () => ok({ records: [], total: 0, pageNo: 1, pageSize: 100 })),
  http.post(`${bidService}/enquiry/listByPage`, () => ok({ records: [], total: 0, pageNo: 1, pageSize: 100 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  useNodeBlobs();
  logIn('s1');
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { estimate: async () => ({ quota: 1e10, usage: 0 }), persist: async () => true },
  });
});
afterEach(async () => {
  server.resetHandlers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'storage');
  logOut();
  await resetPortalDb();
});
afterAll(() => server.close());

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A complete application for two visitors, the first insured, with a labour contract and a typed file chosen on the device. */
function application(): VisitFormValues {
  const v = emptyVisitValues('示例纸业');
  const visitor = (name: string, certificateType: string, certificateNo: string, phone: string) => ({
    ...v.visitors[0]!,
    key: name,
    name,
    gender: 'M',
    certificateType,
    certificateNo,
    phone,
    meal: 'no' as const,
    lodging: 'no' as const,
  });
  return {
    ...v,
    intention: 'AUDIT',
    startDate: dayFromNow(3),
    endDate: dayFromNow(4),
    entryMethod: 'CAR',
    productionBase: 'DG',
    department: 'QA',
    reason: '年度审核',
    host: '王经理',
    relatedProject: 'ZB2026001',
    labourContract: { files: [fileOf('劳务合同.pdf', 20)], kept: [] },
    visitors: [
      { ...visitor('张三', 'ID', '11010519491231002X', '13900000101'), insured: true, job: '审核员' },
      visitor('李四', 'PASSPORT', 'E12345678', '13900000102'),
    ],
    files: [{ ...emptyTypedFile(), type: 'PLAN', file: fileOf('参观方案.pdf', 30) }],
    insurance: {
      ...v.insurance,
      company: '平安保险',
      type: 'ACCIDENT',
      policyNo: 'P-1',
      jobType: '审核',
      amount: '500000.00',
      currency: 'CNY',
      date: dayFromNow(-1),
      hasInsured: 'yes',
      hasSocialSecurity: 'no',
    },
  };
}

function renderPage(at: string, onQueued = vi.fn()) {
  function Screen() {
    const { copy = '', relatedProject = '', mend = '' } = useSearch({ strict: false }) as VisitFormSearch;
    return (
      <VisitNewPage
        supplierId="s1"
        username="acme"
        supplierName="示例纸业"
        copy={copy}
        relatedProject={relatedProject}
        mend={mend}
        onQueued={onQueued}
      />
    );
  }
  renderScreen('/platform/visitorApplyNew/new', Screen, ['/platform/visitorApplyNew'], { at, validateSearch: validateVisitFormSearch });
  return onQueued;
}

const textbox = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const zh = (key: Parameters<typeof message>[0]) => message(key, 'zh-CN');
const errorOf = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** A refused application on the device, to mend. */
async function refusedApplication(values: VisitFormValues) {
  const refused = await queueVisitApplication('s1', values, '东莞生产基地');
  await patchEntry(refused.id, (e) => ({ ...e, status: 'failed', attempts: 1, lastError: { code: 'E400', message: zh('choiceInvalid') } }));
  return refused;
}

/** An application with codes since retired from the dictionaries and a department of another base. */
function retiredChoices(): VisitFormValues {
  const v = application();
  return {
    ...v,
    intention: 'TOUR',
    department: 'HR',
    visitors: [v.visitors[0]!, { ...v.visitors[1]!, gender: 'X' }],
    insurance: { ...v.insurance, currency: 'EUR' },
  };
}

describe('<VisitNewPage> mending a refused application', () => {
  it('opens with its values, visitors, files and the reason, and is sent in its place', async () => {
    const refused = await queueVisitApplication('s1', application(), '东莞生产基地');
    await patchEntry(refused.id, (e) => ({
      ...e,
      status: 'failed',
      attempts: 1,
      lastError: { code: 'E400', message: '接待人不在该部门' },
    }));
    const stored = await listUploads(refused.id);
    const onQueued = renderPage(`/platform/visitorApplyNew/new?mend=${refused.id}`);

    expect(await screen.findByRole('heading', { name: '修改参观申请' })).toBeTruthy();
    expect((await screen.findByRole('note')).textContent).toBe(
      '这份申请被投标服务退回：接待人不在该部门。请修改后重新提交，它会代替被退回的那份。',
    );
    expect(textbox(/^接待人/).value).toBe('王经理');
    expect((screen.getByLabelText(/^开始日期/) as HTMLInputElement).value).toBe(dayFromNow(3));
    expect(screen.getAllByRole('textbox', { name: /^姓名/ }).map((input) => (input as HTMLInputElement).value)).toEqual(['张三', '李四']);
    expect((screen.getByRole('checkbox', { name: /张三/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /李四/ }) as HTMLInputElement).checked).toBe(false);
    expect(textbox(/^张三 的投保工种/).value).toBe('审核员');
    expect(screen.getByText('劳务合同.pdf')).toBeTruthy();
    expect(screen.getByText('参观方案.pdf')).toBeTruthy();
    // No "clear": the refused entry stays until it is sent or discarded.
    expect(screen.queryByRole('button', { name: '清空' })).toBeNull();

    const user = userEvent.setup();
    await user.clear(textbox(/^接待人/));
    await user.type(textbox(/^接待人/), '赵主任');
    // A mended application keeps no draft beside it. Proves a negative: a form's draft is stored
    // once DRAFT_SAVE_DELAY_MS have passed since the last change, so it would be there 100 ms after.
    await new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS + 100));
    expect(await loadDraft(OWNER, 'visit-apply:new:')).toBeNull();
    await user.click(screen.getByRole('button', { name: '提交申请' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '提交' }));

    await waitFor(() => expect(onQueued).toHaveBeenCalled());
    // The confirmation closes after its delay: gone before the next test renders.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const entries = await listEntries([OWNER]);
    expect(entries.map((e) => [e.id, e.status, e.thread, (e.payload as { host: string }).host])).toEqual([
      [refused.id, 'queued', refused.thread, '赵主任'],
    ]);
    expect(entries[0]!.idempotencyKey).not.toBe(refused.idempotencyKey);
    // Every file the form kept keeps its stored upload, in its field.
    expect((await listUploads(refused.id)).map((u) => [u.id, u.field, u.name])).toEqual(stored.map((u) => [u.id, u.field, u.name]));
    expect(stored.map((u) => [u.field, u.name])).toEqual([
      ['labourContract', '劳务合同.pdf'],
      ['files.0.file', '参观方案.pdf'],
    ]);
  });

  it('opens the new form when the entry is gone', async () => {
    renderPage('/platform/visitorApplyNew/new?mend=gone');
    expect(((await screen.findByRole('textbox', { name: /^接待人/ })) as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('heading', { name: '新建参观申请' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('button', { name: '清空' })).toBeTruthy();
  });
});

describe('<VisitNewPage> checking the choices the device holds', () => {
  it('flags the codes its dictionaries do not list and a department of another base in a mended application, and queues nothing', async () => {
    const refused = await refusedApplication(retiredChoices());
    const onQueued = renderPage(`/platform/visitorApplyNew/new?mend=${refused.id}`);
    await screen.findByRole('option', { name: '审核' });
    await screen.findByRole('option', { name: '质量部' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '提交申请' }));

    const intention = screen.getByLabelText(/^参观意向/);
    await waitFor(() => expect(errorOf(intention)).toContain(zh('choiceInvalid')));
    expect(errorOf(screen.getByLabelText(/^被访部门/))).toContain(zh('departmentNotOfBase'));
    const [first, second] = screen.getAllByLabelText(/^性别/);
    expect(errorOf(second!)).toContain(zh('choiceInvalid'));
    expect(first!.getAttribute('aria-invalid')).toBeNull();
    expect(errorOf(screen.getByLabelText(/^币种/))).toContain(zh('choiceInvalid'));
    expect(screen.getByText('还有 4 处需要填写或更正。')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(intention));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onQueued).not.toHaveBeenCalled();
    expect((await listEntries([OWNER])).map((e) => [e.id, e.status, (e.payload as { intention: string }).intention])).toEqual([
      [refused.id, 'failed', 'TOUR'],
    ]);
  });

  it('flags the retired codes of a copied returned application', async () => {
    const detail: VisitApplicationDetail = {
      id: 'a1',
      visitNo: 'VA2026-0001',
      intention: 'AUDIT',
      intentionName: '审核',
      startDate: '2026-01-01',
      endDate: '2026-01-02',
      productionBase: 'DG',
      productionBaseName: '东莞生产基地',
      department: 'QA',
      departmentName: '质量部',
      relatedProject: 'ZB2026001',
      copiedFrom: null,
      reviewStatus: 'returned',
      reviewReason: '保险过期',
      reviewedAt: null,
      visitorCount: 1,
      submittedAt: '2026-01-01T00:00:00Z',
      entryMethod: 'BOAT',
      sourceNo: '',
      reason: '年度审核',
      visitingCompany: '示例纸业',
      host: '王经理',
      contract: [],
      labourNotice: [],
      labourContract: [{ name: '劳务合同.pdf', url: '/l', path: 'files/l' }],
      policy: [],
      visitors: [
        {
          name: '张三',
          gender: 'M',
          certificateType: 'ID',
          certificateNo: '11010519491231002X',
          phone: '13900000101',
          meal: true,
          mealType: 'BUFFET',
          lodging: false,
        },
      ],
      files: [],
      insurance: {
        company: '平安保险',
        type: 'ACCIDENT',
        policyNo: 'P-1',
        jobType: '审核',
        insuredCount: 1,
        amount: '1000',
        currency: 'CNY',
        date: '2026-01-01',
        hasInsured: true,
        hasSocialSecurity: false,
        appendix: [],
        insuredPersons: [{ certificateNo: '11010519491231002X', name: '张三', job: '审核员' }],
      },
      receipt: null,
      serverTime: new Date().toISOString(),
    };
    server.use(http.post(`${bidService}/visitApply/getById`, () => ok(detail)));
    renderPage('/platform/visitorApplyNew/new?copy=a1');
    expect(await screen.findByRole('heading', { name: '复制参观申请' })).toBeTruthy();
    await screen.findByRole('option', { name: '自驾' });
    await screen.findByRole('option', { name: '质量部' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '提交申请' }));
    const entryMethod = screen.getByLabelText(/^入厂方式/);
    await waitFor(() => expect(errorOf(entryMethod)).toContain(zh('choiceInvalid')));
    expect(errorOf(screen.getByLabelText(/^用餐类型/))).toContain(zh('choiceInvalid'));
    // Known ones stay quiet.
    expect(screen.getByLabelText(/^参观意向/).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText(/^被访部门/).getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await listEntries([OWNER])).toHaveLength(0);
  });

  it('leaves the codes to the bid service while the dictionaries and departments are not on the device (offline)', async () => {
    server.use(
      http.get(`${bidService}/common/getSelectCodeCommonData`, () => HttpResponse.error()),
      http.get(`${bidService}/supplier/getOrgCodeByProductionBase`, () => HttpResponse.error()),
    );
    const refused = await refusedApplication(retiredChoices());
    renderPage(`/platform/visitorApplyNew/new?mend=${refused.id}`);
    await screen.findByRole('option', { name: '东莞生产基地' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '提交申请' }));
    const ask = await screen.findByRole('dialog', { name: '提交参观申请' }, { timeout: 5000 });
    for (const field of [
      screen.getByLabelText(/^参观意向/),
      screen.getByLabelText(/^被访部门/),
      screen.getByLabelText(/^币种/),
      ...screen.getAllByLabelText(/^性别/),
    ]) {
      expect(field.getAttribute('aria-invalid')).toBeNull();
    }
    await user.click(within(ask).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await listEntries([OWNER])).map((e) => [e.id, e.status])).toEqual([[refused.id, 'failed']]);
  });
});
