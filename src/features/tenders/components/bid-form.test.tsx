import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { message } from '@/locales/wire';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { supplierOwner } from '@/offline/db';
import { listEntries, listUploads } from '@/offline/outbox';
import { fileOf, logIn, resetPortalDb, useNodeBlobs } from '@/offline/test-helpers';
import { bidService, ok } from '@/test/fixtures';
import { renderWithI18n } from '@/test/render';
import { renderScreen } from '@/test/render-screen';
import { toast, ToastHost } from '@/ui/toast';
import { detail } from '../test/fixtures';
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
  Object.defineProperty(navigator, 'storage', { configurable: true, value: { estimate: async () => ({ quota: 1e10, usage: 0 }), persist: async () => true } });
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

function renderForm() {
  const onQueued = vi.fn();
  renderWithI18n(
    <>
      <BidForm record={RECORD} supplierId="s1" supplierCode="GYS100001" onQueued={onQueued} />
      <ToastHost />
    </>,
  );
  return onQueued;
}

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
    expect(summary.textContent).toBe(`${zh('requiredUploadMissing')}：投标文件、营业执照、ISO 9001、物料清单`);
    expect(document.activeElement).toBe(summary);

    await user.upload(screen.getByLabelText(/^投标文件/), fileOf('投标书.pdf', 2048));
    await user.upload(screen.getByLabelText(/^营业执照/), fileOf('执照.pdf', 512));
    await waitFor(() => expect(summary.textContent).toBe(`${zh('requiredUploadMissing')}：ISO 9001、物料清单`));
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
    expect(ask.textContent).toContain('提交后不能修改，确定提交吗？');
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
  });
});

describe('BidPage', () => {
  const page = (status: 'depositConfirmed' | 'bidSubmitted') => {
    server.use(http.post(`${bidService}/tender/getById`, () => ok(detail({ status, depositConfirmed: true }))));
    return renderScreen('/platform/tenderManagement/t1/bid', () => <BidPage id="t1" supplierId="s1" supplierCode="GYS100001" supplierStatus="A104" onQueued={() => {}} />);
  };

  it('shows the form while the bid may be submitted', async () => {
    page('depositConfirmed');
    expect(await screen.findByLabelText(/^物料清单/)).toBeTruthy();
    expect(screen.getByText(/ZB2030-0001/)).toBeTruthy();
  });

  it('shows why instead of the form once the bid was submitted', async () => {
    page('bidSubmitted');
    expect(await screen.findByText(zh('bidAlreadySubmitted'))).toBeTruthy();
    expect(screen.queryByLabelText(/^物料清单/)).toBeNull();
  });
});
