import type { VisitPass } from '@contract/schemas/visitor';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { kvGet, visitorOwner } from '@/offline/db';
import { loadDraft, saveDraft } from '@/offline/drafts';
import { resetPortalDb } from '@/offline/test-helpers';
import { bidService, ok } from '@/test/fixtures';
import { storePass } from '../passes';
import { renderScreen } from '@/test/render-screen';
import { VisitLoginScreen } from './visit-login-screen';

const HOUR = 3_600_000;
const passFor = (phone: string, over: Partial<VisitPass> = {}): VisitPass => ({
  pass: `v1.${btoa(JSON.stringify({ phone })).replace(/=+$/, '')}.c2lnbmF0dXJl`,
  visitorId: 'vis-1',
  visitId: 'visit-1',
  visitNo: 'FK2026110001',
  visitorName: '访客演示',
  phone,
  productionBase: '华东生产基地',
  department: '采购部',
  host: '王经理',
  validFrom: new Date(Date.now() - HOUR).toISOString(),
  validUntil: new Date(Date.now() + 24 * HOUR).toISOString(),
  ...over,
});

const server = setupServer();
const requests: string[] = [];
server.events.on('request:start', ({ request }) => void requests.push(new URL(request.url).pathname));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  // Unmount first: a form leaving stores its pending draft, which must not reach the next test.
  cleanup();
  await new Promise((r) => setTimeout(r, 50));
  server.resetHandlers();
  requests.length = 0;
  await resetPortalDb();
});
afterAll(() => server.close());

describe('VisitLoginScreen', () => {
  it('phone → code (with resend countdown) → pass kept in IndexedDB → QR shown', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(`${bidService}/h5/getVerificationCodeByPhone`, async ({ request }) => {
        sent.push(await request.json());
        return ok({ resendAfterSeconds: 60 });
      }),
      http.post(`${bidService}/h5/getQrByPhoneAndVerificationCode`, async ({ request }) => {
        const body = (await request.json()) as { phone: string; code: string };
        return body.code === '123456'
          ? ok(passFor(body.phone))
          : HttpResponse.json({ code: 'E400', message: '验证码错误或已过期', data: null });
      }),
      http.get(`${bidService}/common/getSelectCodeCommonData`, () => ok([])),
    );
    renderScreen('/visitLogin', VisitLoginScreen, ['/visitor']);
    const user = userEvent.setup();

    const phone = await screen.findByRole('textbox', { name: /^手机号码/ });
    await user.type(phone, '12345');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入正确的手机号码')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(phone);
    await user.type(phone, '13900000001');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '60 秒后重发' })).toHaveProperty('disabled', true);
    expect(sent).toEqual([{ phone: '13900000001' }]);

    const code = screen.getByRole('textbox', { name: /^验证码/ });
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: '获取通行码' }));
    expect((await screen.findByRole('alert')).textContent).toBe('验证码错误或已过期');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: '获取通行码' }));
    const qr = await screen.findByRole('img', { name: '访客演示 的开门二维码' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d/);
    expect(screen.getByTestId('pass-validity').textContent).toContain('有效');
    expect(screen.getByText('华东生产基地')).toBeTruthy();
    expect(screen.getByText('王经理')).toBeTruthy();
    expect(screen.getByRole('link', { name: '填写访客信息' }).getAttribute('href')).toContain('/visitor');

    const stored = await kvGet<Record<string, VisitPass>>('visitor-passes');
    expect(Object.keys(stored ?? {})).toEqual(['13900000001']);
  });

  it('shows the kept pass from IndexedDB without any request (a reload at the gate, offline)', async () => {
    await storePass(passFor('13900000001'));
    renderScreen('/visitLogin', VisitLoginScreen, ['/visitor']);
    expect(await screen.findByRole('img', { name: '访客演示 的开门二维码' })).toBeTruthy();
    expect(screen.getByTestId('pass-validity').dataset.validity).toBe('valid');
    expect(requests).toEqual([]);
  });

  it('says when the kept pass has expired, and deletes it (with its draft) after confirmation', async () => {
    await storePass(
      passFor('13900000002', {
        validFrom: new Date(Date.now() - 48 * HOUR).toISOString(),
        validUntil: new Date(Date.now() - HOUR).toISOString(),
      }),
    );
    await saveDraft(visitorOwner('13900000002'), 'visitor-info', { name: '张三' });
    renderScreen('/visitLogin', VisitLoginScreen, ['/visitor']);
    const user = userEvent.setup();
    expect((await screen.findByTestId('pass-validity')).textContent).toContain('已过期');

    await user.click(screen.getByRole('button', { name: '删除此通行码' }));
    await user.click(await screen.findByRole('button', { name: '删除' }));
    expect(await screen.findByRole('button', { name: '获取验证码' })).toBeTruthy();
    await waitFor(async () => expect(await kvGet('visitor-passes')).toEqual({}));
    await waitFor(async () => expect(await loadDraft(visitorOwner('13900000002'), 'visitor-info')).toBeNull());
  });

  it('offers a select when passes of several phones are kept', async () => {
    await storePass(passFor('13900000001'));
    await storePass(passFor('13900000003', { visitorName: '第二位访客', validFrom: new Date(Date.now() - 2 * HOUR).toISOString() }));
    renderScreen('/visitLogin', VisitLoginScreen, ['/visitor']);
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: '选择通行码' });
    expect(screen.getByRole('img', { name: '访客演示 的开门二维码' })).toBeTruthy();
    await user.selectOptions(select, '13900000003');
    expect(await screen.findByRole('img', { name: '第二位访客 的开门二维码' })).toBeTruthy();
  });
});
