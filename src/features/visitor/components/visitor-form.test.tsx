import type { VisitPass } from '@contract/schemas/visitor';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { visitorOwner } from '@/offline/db';
import { emitChange, emitSent } from '@/offline/events';
import { listEntries } from '@/offline/outbox';
import { patchEntry, removeEntry } from '@/offline/outbox-store';
import { resetPortalDb } from '@/offline/test-helpers';
import { bidService, ok } from '@/test/fixtures';
import { storePass } from '../passes';
import { renderScreen } from '@/test/render-screen';
import { VisitorScreen } from './visitor-screen';

const PHONE = '13900000001';
const pass: VisitPass = {
  pass: 'v1.eyJwaG9uZSI6IjEzOTAwMDAwMDAxIn0.c2ln',
  visitorId: 'vis-1',
  visitId: 'visit-1',
  visitNo: 'FK2026110001',
  visitorName: '访客演示',
  phone: PHONE,
  productionBase: '华东生产基地',
  department: '采购部',
  host: '王经理',
  validFrom: new Date(Date.now() - 3_600_000).toISOString(),
  validUntil: new Date(Date.now() + 86_400_000).toISOString(),
};
const DICTIONARIES: Record<string, { code: string; label: string }[]> = {
  gender: [
    { code: 'M', label: '男' },
    { code: 'F', label: '女' },
  ],
  certificateType: [{ code: 'ID', label: '居民身份证' }],
  mealType: [
    { code: 'STD', label: '标准餐' },
    { code: 'VEG', label: '素食' },
  ],
};

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  server.use(
    http.get(`${bidService}/common/getSelectCodeCommonData`, ({ request }) =>
      ok(DICTIONARIES[new URL(request.url).searchParams.get('type') ?? ''] ?? []),
    ),
    http.post(`${bidService}/h5/getVisitPersonEntity`, () => ok(null)),
    http.post(`${bidService}/h5/getValidItemByVisitorId`, () =>
      ok([
        {
          visitId: 'visit-1',
          visitNo: 'FK2026110001',
          productionBase: '华东生产基地',
          department: '采购部',
          host: '王经理',
          reason: '设备调试',
          validFrom: pass.validFrom,
          validUntil: pass.validUntil,
        },
      ]),
    ),
  );
});
afterEach(async () => {
  // Unmount first: a form leaving stores its pending draft, which must not reach the next test.
  cleanup();
  await new Promise((r) => setTimeout(r, 50));
  server.resetHandlers();
  await resetPortalDb();
});
afterAll(() => server.close());

const Screen = () => <VisitorScreen onPhoneChange={() => {}} />;
const field = (name: RegExp) => screen.getByRole('textbox', { name });
const select = (name: RegExp) => screen.getByRole('combobox', { name });
const errorOf = (id: string) => document.getElementById(`visitor-${id}-error`)?.textContent;

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('button', { name: '提交访客信息' });
  await waitFor(() => expect(within(select(/^性别/)).getAllByRole('option')).toHaveLength(3), { timeout: 3000 });
  await user.selectOptions(select(/^性别/), 'F');
  await user.selectOptions(select(/^证件类型/), 'ID');
  await user.type(field(/^证件号码/), '110101199001011234');
  await user.click(within(screen.getByRole('group', { name: /是否用餐/ })).getByLabelText('否'));
  await user.click(within(screen.getByRole('group', { name: /是否住宿/ })).getByLabelText('是'));
}

describe('VisitorScreen', () => {
  it('without a pass on the device, explains and links to /visitLogin', async () => {
    renderScreen('/visitor', Screen, ['/visitLogin']);
    expect(await screen.findByText('本机还没有通行码')).toBeTruthy();
    expect(screen.getByRole('link', { name: '获取通行码' }).getAttribute('href')).toBe('/visitLogin');
  });

  it('asks for a meal type only when a meal is chosen, then queues the information in the outbox', { timeout: 20_000 }, async () => {
    await storePass(pass);
    renderScreen('/visitor', Screen, ['/visitLogin']);
    const user = userEvent.setup();
    const submit = await screen.findByRole('button', { name: '提交访客信息' });
    // Prefilled from the pass.
    expect((field(/^姓名/) as HTMLInputElement).value).toBe('访客演示');
    expect((field(/^手机号码/) as HTMLInputElement).value).toBe(PHONE);

    await user.click(submit);
    expect(Object.fromEntries(['gender', 'certificateType', 'certificateNo', 'meal', 'lodging'].map((id) => [id, errorOf(id)]))).toEqual({
      gender: '此项为必填项',
      certificateType: '此项为必填项',
      certificateNo: '此项为必填项',
      meal: '此项为必填项',
      lodging: '此项为必填项',
    });
    expect(document.activeElement?.id).toBe('visitor-gender');
    expect(screen.queryByRole('combobox', { name: /^用餐类型/ })).toBeNull();

    await user.click(within(screen.getByRole('group', { name: /是否用餐/ })).getByLabelText('是'));
    await user.click(submit);
    expect(errorOf('mealType')).toBe('此项为必填项');

    await fillValid(user);
    expect(screen.queryByRole('combobox', { name: /^用餐类型/ })).toBeNull();
    await user.clear(field(/^证件号码/));
    await user.type(field(/^证件号码/), '12');
    await user.click(submit);
    expect(errorOf('certificateNo')).toBe('请输入正确的证件号码');
    await user.clear(field(/^证件号码/));
    await user.type(field(/^证件号码/), '110101199001011234');
    await user.click(submit);

    expect(await screen.findByText('正在提交…')).toBeTruthy();
    const [entry] = await listEntries([visitorOwner(PHONE)]);
    // Due by the end of the pass: the outbox warns as it nears, as for a tender's cut-off.
    expect(entry).toMatchObject({
      call: 'h5SavePersonnelEntity',
      thread: `visitor:${PHONE}`,
      status: 'queued',
      deadline: Date.parse(pass.validUntil),
    });
    expect(entry?.payload).toEqual({
      pass: pass.pass,
      person: {
        name: '访客演示',
        gender: 'F',
        certificateType: 'ID',
        certificateNo: '110101199001011234',
        phone: PHONE,
        meal: false,
        mealType: '',
        lodging: true,
      },
    });

    // Sent by the engine: the screen says so.
    await removeEntry(entry!.id);
    emitChange();
    emitSent(entry!, entry!.payload.person);
    expect(await screen.findByText('提交成功')).toBeTruthy();
  });

  it('keeps a draft on the device and restores it on the next visit', async () => {
    await storePass(pass);
    const first = renderScreen('/visitor', Screen, ['/visitLogin']);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^证件号码/ }), 'E12345678');
    expect(await screen.findByText(/草稿已自动保存于/)).toBeTruthy();
    first.unmount();

    renderScreen('/visitor', Screen, ['/visitLogin']);
    await waitFor(() => expect((field(/^证件号码/) as HTMLInputElement).value).toBe('E12345678'));
  });

  it('fills the form with the saved person and lists the visits', async () => {
    server.use(
      http.post(`${bidService}/h5/getVisitPersonEntity`, () =>
        ok({
          name: '张三',
          gender: 'M',
          certificateType: 'ID',
          certificateNo: 'A1234567',
          phone: PHONE,
          meal: true,
          mealType: 'VEG',
          lodging: false,
        }),
      ),
    );
    await storePass(pass);
    renderScreen('/visitor', Screen, ['/visitLogin']);
    await waitFor(() => expect((field(/^姓名/) as HTMLInputElement).value).toBe('张三'));
    await waitFor(() => expect((select(/^用餐类型/) as HTMLSelectElement).value).toBe('VEG'));
    expect(await screen.findByText('来访事由：设备调试')).toBeTruthy();
  });

  it("shows a refused entry with the server's message, for retry or discard", { timeout: 15_000 }, async () => {
    await storePass(pass);
    renderScreen('/visitor', Screen, ['/visitLogin']);
    const user = userEvent.setup();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: '提交访客信息' }));
    await screen.findByText('正在提交…');
    const [entry] = await listEntries([visitorOwner(PHONE)]);
    await patchEntry(entry!.id, (e) => ({
      ...e,
      status: 'failed',
      attempts: 1,
      lastError: { code: 'E409', message: '通行码已过期，请重新获取' },
    }));
    emitChange();

    expect((await screen.findByRole('alert')).textContent).toContain('提交失败：通行码已过期，请重新获取');
    await user.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(async () => expect((await listEntries([visitorOwner(PHONE)]))[0]?.status).toBe('queued'));

    await patchEntry(entry!.id, (e) => ({ ...e, status: 'failed', lastError: { code: 'E409', message: '通行码已过期，请重新获取' } }));
    emitChange();
    await user.click(await screen.findByRole('button', { name: '放弃' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '放弃' }));
    await waitFor(async () => expect(await listEntries([visitorOwner(PHONE)])).toEqual([]));
    expect(screen.queryByText('提交成功')).toBeNull();
  });

  it('refuses to queue with an expired pass: says so, links to a new pass and keeps what was typed', { timeout: 15_000 }, async () => {
    const expired: VisitPass = {
      ...pass,
      validFrom: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      validUntil: new Date(Date.now() - 60_000).toISOString(),
    };
    await storePass(expired);
    renderScreen('/visitor', Screen, ['/visitLogin']);
    const user = userEvent.setup();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: '提交访客信息' }));

    const alert = await screen.findByTestId('visitor-pass-expired');
    expect(alert.getAttribute('role')).toBe('alert');
    // The bid service's own words for the refusal it would answer.
    expect(alert.textContent).toContain('通行码已过期，请重新获取');
    expect(within(alert).getByRole('link', { name: '重新获取通行码' }).getAttribute('href')).toBe('/visitLogin');
    expect(await listEntries([visitorOwner(PHONE)])).toEqual([]);
    expect(screen.queryByText('正在提交…')).toBeNull();
    expect((field(/^证件号码/) as HTMLInputElement).value).toBe('110101199001011234');
    expect((select(/^性别/) as HTMLSelectElement).value).toBe('F');
    expect(await screen.findByText(/草稿已自动保存于/)).toBeTruthy();
  });

  it(
    'refuses a dictionary code the loaded dictionaries do not list (a retired one), as the bid service would',
    { timeout: 15_000 },
    async () => {
      server.use(
        http.post(`${bidService}/h5/getVisitPersonEntity`, () =>
          ok({
            name: '张三',
            gender: 'X',
            certificateType: 'LICENCE',
            certificateNo: 'A1234567',
            phone: PHONE,
            meal: true,
            mealType: 'BEEF',
            lodging: false,
          }),
        ),
      );
      await storePass(pass);
      renderScreen('/visitor', Screen, ['/visitLogin']);
      const user = userEvent.setup();
      await waitFor(() => expect((field(/^姓名/) as HTMLInputElement).value).toBe('张三'));
      await waitFor(() => expect(within(select(/^性别/)).getAllByRole('option')).toHaveLength(4));
      // Kept on screen as the code itself, not silently dropped.
      expect((select(/^性别/) as HTMLSelectElement).value).toBe('X');

      await user.click(screen.getByRole('button', { name: '提交访客信息' }));
      await waitFor(() => expect(errorOf('gender')).toBe('请选择有效的选项'));
      expect(errorOf('certificateType')).toBe('请选择有效的选项');
      expect(errorOf('mealType')).toBe('请选择有效的选项');
      expect(document.activeElement?.id).toBe('visitor-gender');
      expect(await listEntries([visitorOwner(PHONE)])).toEqual([]);

      // Fixed one by one, each message goes as its field is put right.
      await user.selectOptions(select(/^性别/), 'M');
      expect(errorOf('gender')).toBeFalsy();
      expect(errorOf('certificateType')).toBe('请选择有效的选项');
      await user.selectOptions(select(/^证件类型/), 'ID');
      await user.selectOptions(select(/^用餐类型/), 'VEG');
      await user.clear(field(/^证件号码/));
      await user.type(field(/^证件号码/), '110101199001011234');
      await user.click(screen.getByRole('button', { name: '提交访客信息' }));
      expect(await screen.findByText('正在提交…')).toBeTruthy();
      const [entry] = await listEntries([visitorOwner(PHONE)]);
      expect(entry?.payload).toMatchObject({ person: { gender: 'M', certificateType: 'ID', mealType: 'VEG' } });
    },
  );

  it(
    'says what the submitted information waits for: sent at once online, a retry after a failed try, the network offline',
    { timeout: 15_000 },
    async () => {
      await storePass(pass);
      renderScreen('/visitor', Screen, ['/visitLogin']);
      const user = userEvent.setup();
      await fillValid(user);
      await user.click(screen.getByRole('button', { name: '提交访客信息' }));
      expect(await screen.findByText('正在提交…')).toBeTruthy();
      expect(screen.queryByText('已保存，将在联网后提交')).toBeNull();
      const [entry] = await listEntries([visitorOwner(PHONE)]);
      await patchEntry(entry!.id, (e) => ({ ...e, attempts: 1, nextAttemptAt: Date.now() + 60_000 }));
      emitChange();
      expect(await screen.findByText('已保存，将自动重试提交')).toBeTruthy();
      const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      try {
        act(() => void window.dispatchEvent(new Event('offline')));
        expect(await screen.findByText('已保存，将在联网后提交')).toBeTruthy();
      } finally {
        onLine.mockRestore();
        act(() => void window.dispatchEvent(new Event('online')));
      }
    },
  );

  it('leaves a code to the bid service while the dictionaries are not on the device', { timeout: 15_000 }, async () => {
    server.use(
      http.get(`${bidService}/common/getSelectCodeCommonData`, () => HttpResponse.error()),
      http.post(`${bidService}/h5/getVisitPersonEntity`, () =>
        ok({
          name: '张三',
          gender: 'X',
          certificateType: 'ID',
          certificateNo: '110101199001011234',
          phone: PHONE,
          meal: false,
          mealType: '',
          lodging: false,
        }),
      ),
    );
    await storePass(pass);
    renderScreen('/visitor', Screen, ['/visitLogin']);
    const user = userEvent.setup();
    await waitFor(() => expect((select(/^性别/) as HTMLSelectElement).value).toBe('X'));
    await user.click(screen.getByRole('button', { name: '提交访客信息' }));
    expect(await screen.findByText('正在提交…')).toBeTruthy();
    expect(errorOf('gender')).toBeFalsy();
    const [entry] = await listEntries([visitorOwner(PHONE)]);
    expect(entry?.payload).toMatchObject({ person: { gender: 'X' } });
  });
});
