import { RECEIPT_TYP } from '@contract/receipt-check';
import { receiptFilesJson, type Receipt, type ReceiptClaims, type ReceiptFile } from '@contract/schemas/receipt';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calculateJwkThumbprint, CompactSign, exportJWK, generateKeyPair } from 'jose';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useNodeBlobs } from '@/offline/test-helpers';
import { bidService, ok } from '@/test/fixtures';
import { readReceiptText } from '../verify';
import { VerifyScreen } from './verify-screen';

/**
 * The /verify page against a receipt signed here as the bid service signs one (Ed25519, the
 * format of contract/schemas/receipt.ts), its key published the way `/receipt/keys` publishes it:
 * the page checks it in the browser, with WebCrypto.
 */

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  vi.unstubAllGlobals();
  server.resetHandlers();
  window.location.hash = '';
});
afterAll(() => server.close());

const bytes = new TextEncoder().encode('投标书的内容');
const sha256Hex = async (data: Uint8Array<ArrayBuffer>) =>
  [...new Uint8Array(await crypto.subtle.digest('SHA-256', data))].map((b) => b.toString(16).padStart(2, '0')).join('');
const base64url = (data: ArrayBuffer) => Buffer.from(data).toString('base64url');

async function signer() {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  const keySet = { keys: [{ ...jwk, kid, alg: 'EdDSA', use: 'sig', status: 'current' }] };
  const sign = async (files: ReceiptFile[]): Promise<Receipt> => {
    const claims: ReceiptClaims = {
      v: 1,
      kind: 'bid',
      recordId: 'r1',
      recordNo: 'ZB2026110001',
      supplierId: 's104',
      supplierName: '江苏恒通纸业有限公司',
      receivedAt: '2026-11-21T08:00:00.000Z',
      version: 2,
      fileCount: files.length,
      filesDigest: base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(receiptFilesJson(files)))),
    };
    const jws = await new CompactSign(Uint8Array.from(Buffer.from(JSON.stringify(claims))))
      .setProtectedHeader({ alg: 'EdDSA', kid, typ: RECEIPT_TYP })
      .sign(privateKey);
    return { jws, files };
  };
  return { keySet, sign };
}

function renderPage() {
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => root, path: '/verify', component: VerifyScreen });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/verify'] }) });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

async function paste(text: string) {
  const user = userEvent.setup();
  const box = await screen.findByRole('textbox', { name: /^回执编码或回执文件内容/ });
  await user.clear(box);
  await user.click(box);
  await user.paste(text);
  await user.click(screen.getByRole('button', { name: '核验' }));
  return user;
}

describe('the /verify page', () => {
  it('checks a pasted receipt file in the browser: valid, what and when, the list of files, and each chosen file by its SHA-256', async () => {
    useNodeBlobs();
    const { keySet, sign } = await signer();
    server.use(http.get(`${bidService}/receipt/keys`, () => ok(keySet)));
    const listed: ReceiptFile = { field: 'bidDocuments', name: '投标书.pdf', size: bytes.length, sha256: await sha256Hex(bytes) };
    const receipt = await sign([listed]);
    renderPage();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText(/要核对的文件/), [
      new File([bytes], '我的投标书.pdf'),
      new File([new TextEncoder().encode('另一份')], '别的.pdf'),
    ]);
    await paste(JSON.stringify(receipt));
    const result = await screen.findByRole('region', { name: '回执有效：由采购方系统签名' });
    expect(result.textContent).toContain('投标文件（第 2 版）');
    expect(result.textContent).toContain('ZB2026110001');
    expect(result.textContent).toContain('2026-11-21 16:00:00');
    expect(result.textContent).toContain(`SHA-256 ${listed.sha256}`);
    const files = within(result).getByRole('list', { name: '文件核对结果' });
    expect(files.textContent).toContain('✓ 我的投标书.pdf：与回执中的“投标书.pdf”一致');
    expect(files.textContent).toContain('✗ 别的.pdf：不是回执中的文件（内容不同）');
  });

  it('refuses a receipt whose claims, signature or list of files were altered, and one signed by another key, each with its reason', async () => {
    const { keySet, sign } = await signer();
    const other = await signer();
    server.use(http.get(`${bidService}/receipt/keys`, () => ok(keySet)));
    const listed: ReceiptFile = { field: 'bidDocuments', name: '投标书.pdf', size: 6, sha256: 'a'.repeat(64) };
    const receipt = await sign([listed]);
    renderPage();

    const [header, payload, signature] = receipt.jws.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as ReceiptClaims;
    const later = Buffer.from(JSON.stringify({ ...claims, receivedAt: '2026-11-20T08:00:00.000Z' })).toString('base64url');
    await paste(`${header}.${later}.${signature}`);
    expect((await screen.findByRole('alert')).textContent).toContain('签名不符：回执的内容被改动过。');

    await paste(JSON.stringify({ ...receipt, files: [{ ...listed, size: 7 }] }));
    expect((await screen.findByRole('alert')).textContent).toContain('文件清单与回执的签名不符');

    await paste((await other.sign([])).jws);
    expect((await screen.findByRole('alert')).textContent).toContain('回执不是由采购方系统的密钥签名的');

    await paste('not a receipt');
    expect((await screen.findByRole('alert')).textContent).toContain('这不是本门户的提交回执');
  });

  it("checks the receipt of the QR's link as the page opens, and says when the device has no keys yet", async () => {
    const { keySet, sign } = await signer();
    const receipt = await sign([]);
    server.use(http.get(`${bidService}/receipt/keys`, () => ok(keySet)));
    window.location.hash = receipt.jws;
    renderPage();
    expect(await screen.findByRole('region', { name: '回执有效：由采购方系统签名' })).toBeTruthy();

    server.use(http.get(`${bidService}/receipt/keys`, () => HttpResponse.error()));
    await paste(receipt.jws);
    expect((await screen.findByRole('alert')).textContent).toContain('本设备还没有采购方系统的签名密钥');
  });

  it('asks for a receipt when there is none', async () => {
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: '核验' }));
    expect(screen.getByRole('textbox', { name: /^回执编码/ }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('请粘贴回执编码，或打开回执文件。')).toBeTruthy();
  });
});

describe('readReceiptText', () => {
  it('reads a receipt file, a /verify link, or the code with line breaks', () => {
    expect(readReceiptText('  ')).toBeNull();
    expect(readReceiptText('https://portal.example/verify#aa.bb.cc')).toEqual({ jws: 'aa.bb.cc' });
    expect(readReceiptText('aa.\nbb .cc')).toEqual({ jws: 'aa.bb.cc' });
    expect(readReceiptText(JSON.stringify({ jws: 'aa.bb.cc', files: [] }))).toEqual({ jws: 'aa.bb.cc', files: [] });
  });
});
