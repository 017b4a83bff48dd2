import { QueryClient } from '@tanstack/react-query';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { logIn, logOut } from '@/offline/test-helpers';
import { bidService, ok } from '@/test/fixtures';
import { prefetchVisitReferenceData, VISIT_DICTIONARIES } from './prefetch-reference-data';

const asked: string[] = [];
const server = setupServer(
  http.get(`${bidService}/common/getSelectCodeCommonData`, ({ request }) => {
    const type = new URL(request.url).searchParams.get('type')!;
    asked.push(`dictionary:${type}`);
    return ok([{ code: `${type}-1`, label: type }]);
  }),
  http.get(`${bidService}/supplier/getProductionBaseOrg`, () => {
    asked.push('bases');
    return ok([
      { code: 'DG', label: '东莞生产基地' },
      { code: 'ZJ', label: '湛江生产基地' },
    ]);
  }),
  http.get(`${bidService}/supplier/getOrgCodeByProductionBase`, ({ request }) => {
    const base = new URL(request.url).searchParams.get('productionBase')!;
    asked.push(`departments:${base}`);
    return ok([{ code: `${base}-QA`, label: '质量部' }]);
  }),
  http.post(`${bidService}/tender/listByPage`, () => {
    asked.push('tenders');
    return ok({ records: [], total: 0, pageNo: 1, pageSize: 100 });
  }),
  http.post(`${bidService}/enquiry/listByPage`, () => {
    asked.push('enquiries');
    return ok({ records: [], total: 0, pageNo: 1, pageSize: 100 });
  }),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  logIn('s1');
});
afterEach(() => {
  server.resetHandlers();
  asked.length = 0;
});
afterAll(() => {
  server.close();
  logOut();
});

describe('prefetchVisitReferenceData', () => {
  it('reads every choice of the form, the departments of every base included, so the form can be filled offline', async () => {
    const client = new QueryClient();
    await prefetchVisitReferenceData(client, 's1', 'zh-CN');
    expect(asked.filter((a) => a.startsWith('dictionary:')).sort()).toEqual(VISIT_DICTIONARIES.map((t) => `dictionary:${t}`).sort());
    // The choices that appear only once chosen (a meal, a file row) are there before they are shown.
    expect(client.getQueryData(['dictionary', 'mealType', 'zh-CN'])).toEqual([{ code: 'mealType-1', label: 'mealType' }]);
    expect(client.getQueryData(['dictionary', 'visitFileType', 'zh-CN'])).toEqual([{ code: 'visitFileType-1', label: 'visitFileType' }]);
    expect(asked.filter((a) => a.startsWith('departments:')).sort()).toEqual(['departments:DG', 'departments:ZJ']);
    expect(asked).toContain('tenders');
    expect(asked).toContain('enquiries');
  });

  it('asks nothing again for what is already cached', async () => {
    const client = new QueryClient();
    await prefetchVisitReferenceData(client, 's1', 'zh-CN');
    asked.length = 0;
    await prefetchVisitReferenceData(client, 's1', 'zh-CN');
    expect(asked).toEqual([]);
  });
});
