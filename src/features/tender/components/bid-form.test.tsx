import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { message } from '@/locales/wire';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { supplierOwner } from '@/offline/db';
import { enqueue, listEntries, listUploads } from '@/offline/outbox';
import { patchEntry } from '@/offline/outbox-store';
import { fileOf, logIn, logOut, resetPortalDb, useNodeBlobs } from '@/offline/test-helpers';
import { bidService, ok } from '@/test/fixtures';
import { renderWithI18n } from '@/test/render';
import { renderScreen } from '@/test/render-screen';
import { toast, ToastHost } from '@/ui/toast';
import { queueSubmitBid } from '../api/submit-bid';
import { detail, file, inDays } from '../test/fixtures';
import { BidForm } from './bid-form';
import { BidPage } from './bid-page';

const OWNER = supplierOwner('s1');
const zh = (key: Parameters<typeof message>[0]) => message(key, 'zh-CN');
// The shared workbooks of tests/fixtures (vitest runs from the project root).
const workbook = (name: string) => new File([readFileSync(resolve('tests/fixtures', name))], name);
const RECORD = detail({ requiredCertificates: ['营业执照', 'ISO 9001'] });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  useNodeBlobs();
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { estimate: async () => ({ quota: 1e10, usage: 0 }), persist: async () => true },
  });
  logIn('s1');
});
afterEach(async () => {
  server.resetHandlers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'storage');
  await resetPortalDb();
});
afterAll(() => server.close());

function renderForm(mend?: string) {
  const onQueued = vi.fn();
  renderWithI18n(
    <>
      <BidForm record={RECORD} supplierId="s1" supplierCode="GYS100001" mend={mend} onQueued={onQueued} />
      <ToastHost />
    </>,
  );
  return onQueued;
}

/** A bid the bid service refused (no session on the device: the sync engine leaves it alone). */
async function refusedBid(record: Parameters<typeof queueSubmitBid>[0]['record'] = RECORD) {
  logOut();
  const refused = await queueSubmitBid({
    supplierId: 's1',
    supplierCode: 'GYS100001',
    record,
    bidDocuments: [fileOf('投标书.pdf', 2048)],
    // The notice's order changed since: each certificate is found again by its name.
    certificates: [
      { name: 'ISO 9001', files: [fileOf('iso-2019.pdf', 256)] },
      { name: '营业执照', files: [fileOf('执照.pdf', 512)] },
    ],
    billOfMaterials: workbook('bom.xlsx'),
  });
  await patchEntry(refused.id, (e) => ({
    ...e,
    status: 'failed',
    attempts: 1,
    lastError: { code: 'E400', message: 'ISO 9001 证书已过期' },
  }));
  return refused;
}

const chosenIn = (id: string) =>
  within(input(id).closest('div')!.parentElement!)
    .queryAllByRole('button', { name: /^移除 / })
    .map((button) => button.getAttribute('aria-label')!.slice('移除 '.length));

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const describedText = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('BidForm', () => {
  it('names what is missing, each certificate by its name, and moves the focus there', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '提交' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toBe(`${zh('requiredUploadMissing')}：投标文件、营业执照、ISO 9001和物料清单`);
    expect(document.activeElement).toBe(summary);

    await user.upload(screen.getByLabelText(/^投标文件/), fileOf('投标书.pdf', 2048));
    await user.upload(screen.getByLabelText(/^营业执照/), fileOf('执照.pdf', 512));
    await waitFor(() => expect(summary.textContent).toBe(`${zh('requiredUploadMissing')}：ISO 9001和物料清单`));
    expect(describedText(screen.getByLabelText(/^ISO 9001/))).toContain(zh('certificateRequired'));
    // Each name leads to its field.
    await user.click(within(summary).getByRole('link', { name: 'ISO 9001' }));
    expect(document.activeElement).toBe(input('bid-certificate-1'));
    expect(await listEntries([OWNER])).toHaveLength(0);
  });

  it('reads the bill when it is chosen and shows its line count and first lines', async () => {
    renderForm();
    await userEvent.setup().upload(input('bid-billOfMaterials'), workbook('bom.xlsx'));
    expect(await screen.findByText('物料清单共 12 行物料')).toBeTruthy();
    const table = screen.getByRole('table', { name: '物料清单预览（前 5 行）' });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(within(table).getByRole('columnheader', { name: '物料名称' })).toBeTruthy();
    expect(within(table).getByText('瓦楞原纸')).toBeTruthy();
  });

  it('refuses an empty bill before anything is sent', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText(/^投标文件/), fileOf('投标书.pdf', 2048));
    await user.upload(screen.getByLabelText(/^营业执照/), fileOf('执照.pdf', 512));
    await user.upload(screen.getByLabelText(/^ISO 9001/), fileOf('iso.pdf', 512));
    await user.upload(input('bid-billOfMaterials'), workbook('bom-empty.xlsx'));
    await waitFor(() => expect(describedText(input('bid-billOfMaterials'))).toContain('物料清单中没有物料行'));
    await user.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(document.activeElement).toBe(input('bid-billOfMaterials')));
    expect(screen.queryByRole('dialog', { name: '提交投标文件' })).toBeNull();
    expect(await listEntries([OWNER])).toHaveLength(0);
  });

  it('queues one entry with its four file fields in order, then hands back', async () => {
    const info = vi.spyOn(toast, 'info');
    const onQueued = renderForm();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText(/^投标文件/), [fileOf('投标书.pdf', 2048), fileOf('报价单.pdf', 1024)]);
    await user.upload(screen.getByLabelText(/^营业执照/), fileOf('执照.pdf', 512));
    await user.upload(screen.getByLabelText(/^ISO 9001/), fileOf('iso.pdf', 256));
    await user.upload(input('bid-billOfMaterials'), workbook('bom.xlsx'));
    await screen.findByText('物料清单共 12 行物料');
    await user.click(screen.getByRole('button', { name: '提交' }));
    const ask = await screen.findByRole('dialog', { name: '提交投标文件' });
    expect(ask.textContent).toContain('提交后，截止时间前仍可替换或撤回；每一版都会保留。确定提交吗？');
    await user.click(within(ask).getByRole('button', { name: '提交' }));

    await waitFor(() => expect(onQueued).toHaveBeenCalledOnce());
    const [entry] = await listEntries([OWNER]);
    expect(entry).toMatchObject({
      thread: 'tender:t1',
      call: 'tenderSubmitBid',
      deadline: Date.parse(RECORD.cutoffTime),
      payload: {
        tenderRecordId: 't1',
        supplierCode: 'GYS100001',
        bidDocuments: [],
        certificates: [
          { name: '营业执照', files: [] },
          { name: 'ISO 9001', files: [] },
        ],
        billOfMaterials: [],
      },
      summary: '提交投标文件：ZB2030-0001',
    });
    expect(entry!.fileFields.map((f) => [f.field, f.uploadIds.length])).toEqual([
      ['bidDocuments', 2],
      ['certificates.0.files', 1],
      ['certificates.1.files', 1],
      ['billOfMaterials', 1],
    ]);
    expect((await listUploads(entry!.id)).map((u) => u.name)).toEqual(['投标书.pdf', '报价单.pdf', '执照.pdf', 'iso.pdf', 'bom.xlsx']);
    expect(info).toHaveBeenCalledWith(navigator.onLine ? '正在提交' : '已保存，联网后自动提交', { key: 'outbox' });
    // The confirmation closes after its delay: gone before the next test, which asks its own.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('mends a bid the bid service refused: opens with its files and reason; sent again in its place, once', async () => {
    const refused = await refusedBid();
    const before = await listUploads(refused.id);
    const onQueued = renderForm(refused.id);
    const user = userEvent.setup();
    expect((await screen.findByRole('note')).textContent).toBe('上次提交被投标服务退回：ISO 9001 证书已过期。请修改后重新提交。');
    expect(chosenIn('bid-bidDocuments')).toEqual(['投标书.pdf']);
    expect(chosenIn('bid-certificate-0')).toEqual(['执照.pdf']);
    expect(chosenIn('bid-certificate-1')).toEqual(['iso-2019.pdf']);
    expect(chosenIn('bid-billOfMaterials')).toEqual(['bom.xlsx']);
    // The bill is read again from the bytes kept on the device.
    expect(await screen.findByText('物料清单共 12 行物料')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '移除 iso-2019.pdf' }));
    await user.upload(screen.getByLabelText(/^ISO 9001/), fileOf('iso-2025.pdf', 300));
    await user.click(screen.getByRole('button', { name: '提交' }));
    await user.click(within(await screen.findByRole('dialog', { name: '提交投标文件' })).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onQueued).toHaveBeenCalledOnce());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const entries = await listEntries([OWNER]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      id: refused.id,
      status: 'queued',
      lastError: null,
      payload: {
        certificates: [
          { name: '营业执照', files: [] },
          { name: 'ISO 9001', files: [] },
        ],
      },
    });
    expect(entries[0]!.idempotencyKey).not.toBe(refused.idempotencyKey);
    const after = await listUploads(refused.id);
    expect(after.map((u) => [u.field, u.name])).toEqual([
      ['bidDocuments', '投标书.pdf'],
      ['certificates.0.files', '执照.pdf'],
      ['certificates.1.files', 'iso-2025.pdf'],
      ['billOfMaterials', 'bom.xlsx'],
    ]);
    // The files kept are the ones stored already, not copies.
    const idOf = (uploads: typeof before, name: string) => uploads.find((u) => u.name === name)?.id;
    expect(['投标书.pdf', '执照.pdf', 'bom.xlsx'].map((name) => idOf(after, name))).toEqual(
      ['投标书.pdf', '执照.pdf', 'bom.xlsx'].map((name) => idOf(before, name)),
    );
  });

  it('opens empty for an entry that is not a bid of this record', async () => {
    logOut();
    const other = await enqueue({
      owner: OWNER,
      thread: 'tender:t1',
      call: 'tenderApplyRefund',
      payload: { tenderRecordId: 't1', remark: '' },
      summary: 'x',
    });
    await patchEntry(other.id, (e) => ({ ...e, status: 'failed', attempts: 1, lastError: { code: 'E400', message: '退回' } }));
    renderForm(other.id);
    expect(await screen.findByRole('button', { name: '提交' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
    expect(chosenIn('bid-bidDocuments')).toEqual([]);
  });
});

describe('BidPage', () => {
  const page = (status: 'depositConfirmed' | 'bidSubmitted') => {
    server.use(http.post(`${bidService}/tender/getById`, () => ok(detail({ status, depositConfirmed: true }))));
    return renderScreen('/platform/tenderManagement/t1/bid', () => (
      <BidPage id="t1" supplierId="s1" supplierCode="GYS100001" supplierStatus="A104" onQueued={() => {}} />
    ));
  };

  it('shows the form while the bid may be submitted', async () => {
    page('depositConfirmed');
    expect(await screen.findByLabelText(/^物料清单/)).toBeTruthy();
    expect(screen.getByText(/ZB2030-0001/)).toBeTruthy();
  });

  it('opens a refused bid of the record to mend it, which otherwise holds the form as waiting', async () => {
    const refused = await refusedBid(detail({ status: 'depositConfirmed', depositConfirmed: true }));
    // The record is read under the session; the engine leaves a refused entry alone.
    logIn('s1');
    server.use(http.post(`${bidService}/tender/getById`, () => ok(detail({ status: 'depositConfirmed', depositConfirmed: true }))));
    const view = renderScreen('/platform/tenderManagement/t1/bid', () => (
      <BidPage id="t1" supplierId="s1" supplierCode="GYS100001" supplierStatus="A104" onQueued={() => {}} />
    ));
    expect(await screen.findByText('该记录有尚未发送的操作，发送完成后才能继续')).toBeTruthy();
    view.unmount();

    renderScreen('/platform/tenderManagement/t1/bid', () => (
      <BidPage id="t1" mend={refused.id} supplierId="s1" supplierCode="GYS100001" supplierStatus="A104" onQueued={() => {}} />
    ));
    expect((await screen.findByRole('note')).textContent).toContain('ISO 9001 证书已过期');
    expect(screen.getByRole('button', { name: '移除 bom.xlsx' })).toBeTruthy();
  });

  it('shows why instead of the form once the bid was submitted', async () => {
    page('bidSubmitted');
    expect(await screen.findByText(zh('bidAlreadySubmitted'))).toBeTruthy();
    expect(screen.queryByLabelText(/^物料清单/)).toBeNull();
  });
});

describe('replace mode', () => {
  const STANDING = {
    version: 2,
    bidDocuments: [file('投标书-第二版.pdf')],
    certificates: [
      { name: '营业执照', files: [file('执照.pdf')] },
      { name: 'ISO 9001', files: [file('iso.pdf')] },
    ],
    billOfMaterials: file('物料清单.xlsx'),
    submittedAt: inDays(-1),
  };
  const SUBMITTED = detail({
    status: 'bidSubmitted',
    depositConfirmed: true,
    requiredCertificates: ['营业执照', 'ISO 9001'],
    bidVersion: 2,
    bid: STANDING,
  });

  async function fillAll(user: ReturnType<typeof userEvent.setup>) {
    await user.upload(screen.getByLabelText(/^投标文件/), fileOf('投标书-第三版.pdf', 2048));
    await user.upload(screen.getByLabelText(/^营业执照/), fileOf('执照.pdf', 512));
    await user.upload(screen.getByLabelText(/^ISO 9001/), fileOf('iso.pdf', 256));
    await user.upload(input('bid-billOfMaterials'), workbook('bom.xlsx'));
    await screen.findByText('物料清单共 12 行物料');
  }

  it('shows the version that stands, names it in the confirmation and queues tenderReplaceBid with it, the same files as a bid', async () => {
    const onQueued = vi.fn();
    renderWithI18n(
      <>
        <BidForm record={SUBMITTED} replacing={STANDING} supplierId="s1" supplierCode="GYS100001" onQueued={onQueued} />
        <ToastHost />
      </>,
    );
    const standing = screen.getByRole('region', { name: '当前有效：第 2 版' });
    expect(within(standing).getByRole('button', { name: '下载 投标书-第二版.pdf' })).toBeTruthy();
    const user = userEvent.setup();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: '提交' }));
    const ask = await screen.findByRole('dialog', { name: '替换投标文件' });
    expect(ask.textContent).toContain('新版本将替换第 2 版投标文件，第 2 版仍会保留。截止时间前仍可再次替换或撤回。确定提交吗？');
    await user.click(within(ask).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onQueued).toHaveBeenCalledOnce());
    const [entry] = await listEntries([OWNER]);
    expect(entry).toMatchObject({
      thread: 'tender:t1',
      call: 'tenderReplaceBid',
      deadline: Date.parse(SUBMITTED.cutoffTime),
      payload: { tenderRecordId: 't1', supplierCode: 'GYS100001', version: 2 },
      summary: '替换投标文件（第 2 版）：ZB2030-0001',
    });
    expect(entry!.fileFields.map((f) => f.field)).toEqual([
      'bidDocuments',
      'certificates.0.files',
      'certificates.1.files',
      'billOfMaterials',
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('mends a refused replacement in replace mode, naming the version that stands now', async () => {
    logOut();
    const refused = await queueSubmitBid({
      supplierId: 's1',
      supplierCode: 'GYS100001',
      record: SUBMITTED,
      bidDocuments: [fileOf('投标书.pdf', 2048)],
      certificates: [
        { name: '营业执照', files: [fileOf('执照.pdf', 512)] },
        { name: 'ISO 9001', files: [fileOf('iso.pdf', 256)] },
      ],
      billOfMaterials: workbook('bom.xlsx'),
      replacing: 1,
    });
    await patchEntry(refused.id, (e) => ({
      ...e,
      status: 'failed',
      attempts: 1,
      lastError: { code: 'E409', message: zh('bidVersionChanged'), reason: 'bidVersionChanged' },
    }));
    const onQueued = vi.fn();
    renderWithI18n(
      <>
        <BidForm record={SUBMITTED} replacing={STANDING} mend={refused.id} supplierId="s1" supplierCode="GYS100001" onQueued={onQueued} />
        <ToastHost />
      </>,
    );
    expect((await screen.findByRole('note')).textContent).toContain(zh('bidVersionChanged'));
    expect(chosenIn('bid-bidDocuments')).toEqual(['投标书.pdf']);
    const user = userEvent.setup();
    await screen.findByText('物料清单共 12 行物料');
    await user.click(screen.getByRole('button', { name: '提交' }));
    await user.click(within(await screen.findByRole('dialog', { name: '替换投标文件' })).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onQueued).toHaveBeenCalledOnce());
    const entries = await listEntries([OWNER]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ id: refused.id, call: 'tenderReplaceBid', status: 'queued', payload: { version: 2 } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens on the bid page while a bid stands before the cut-off, and says why not after it', async () => {
    server.use(http.post(`${bidService}/tender/getById`, () => ok(SUBMITTED)));
    const view = renderScreen('/platform/tenderManagement/t1/bid', () => (
      <BidPage id="t1" replace supplierId="s1" supplierCode="GYS100001" supplierStatus="A104" onQueued={() => {}} />
    ));
    expect(await screen.findByRole('heading', { level: 1, name: '替换投标文件' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: '当前有效：第 2 版' })).toBeTruthy();
    expect(screen.getByLabelText(/^物料清单/)).toBeTruthy();
    view.unmount();

    server.use(http.post(`${bidService}/tender/getById`, () => ok({ ...SUBMITTED, cutoffTime: inDays(-0.01) })));
    renderScreen('/platform/tenderManagement/t1/bid', () => (
      <BidPage id="t1" replace supplierId="s1" supplierCode="GYS100001" supplierStatus="A104" onQueued={() => {}} />
    ));
    expect(await screen.findByText(zh('pastDeadline'))).toBeTruthy();
    expect(screen.queryByLabelText(/^物料清单/)).toBeNull();
  });
});
