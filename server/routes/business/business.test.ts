import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../contract/endpoints';
import { build } from '../../test/helper';

const t = await build();

describe('businessListByPage', () => {
  it('lists bidding notices by default, latest cut-off first, matching the contract', async () => {
    const res = await t.post('/business/listByPage', {});
    expect(res.code).toBe('E000');
    const data = endpoints.businessListByPage.response.parse(res.data);
    expect(data.total).toBe(60);
    expect(data.records).toHaveLength(10);
    expect(data.records.every((r) => r.bindOrPurchase === 0)).toBe(true);
    const times = data.records.map((r) => Date.parse(r.cutoffTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('pages purchasing notices', async () => {
    const page1 = await t.post<{ records: Array<{ id: string }>; total: number }>('/business/listByPage', { bindOrPurchase: 1, pageNo: 1, pageSize: 20 });
    const page2 = await t.post<{ records: Array<{ id: string }>; total: number }>('/business/listByPage', { bindOrPurchase: 1, pageNo: 2, pageSize: 20 });
    expect(page1.data.total).toBe(40);
    expect(page2.data.records).toHaveLength(20);
    expect(page1.data.records.map((r) => r.id)).not.toContain(page2.data.records[0]!.id);
    const beyond = await t.post<{ records: unknown[]; total: number }>('/business/listByPage', { bindOrPurchase: 1, pageNo: 99, pageSize: 100 });
    expect(beyond.data).toMatchObject({ records: [], total: 40 });
  });

  it('searches tender number, title, issuing unit and location case-insensitively', async () => {
    const byNo = await t.post<{ records: Array<{ tenderNo: string }>; total: number }>('/business/listByPage', { searchContent: 'zb20260007' });
    expect(byNo.data.records.map((r) => r.tenderNo)).toEqual(['ZB20260007']);
    const byTitle = await t.post<{ records: Array<{ title: string }>; total: number }>('/business/listByPage', { searchContent: '淀粉', pageSize: 100 });
    expect(byTitle.data.total).toBeGreaterThan(0);
    expect(byTitle.data.records.every((r) => r.title.includes('淀粉'))).toBe(true);
    const byUnit = await t.post<{ total: number }>('/business/listByPage', { searchContent: '北海林浆纸' });
    const byPlace = await t.post<{ total: number }>('/business/listByPage', { searchContent: '越南' });
    expect(byUnit.data.total).toBeGreaterThan(0);
    expect(byPlace.data.total).toBeGreaterThan(0);
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    const res = await t.post<{ total: number }>('/business/listByPage', { searchContent: '%_%' });
    expect(res.data.total).toBe(0);
  });

  it.each([
    [{ pageSize: 15 }, 'pageSize'],
    [{ pageNo: 0 }, 'pageNo'],
    [{ pageNo: 'abc' }, 'pageNo'],
    [{ bindOrPurchase: 2 }, 'bindOrPurchase'],
    [{ searchContent: 'x'.repeat(101) }, 'searchContent'],
    [{ searchContent: 42 }, 'searchContent'],
  ])('refuses %j with E400 on %s', async (body, field) => {
    const res = await t.post<Array<{ field: string; message: string }>>('/business/listByPage', body);
    expect(res.code).toBe('E400');
    expect(res.data.map((e) => e.field)).toContain(field);
  });
});

describe('businessGetById', () => {
  it('answers a notice with its details', async () => {
    const list = await t.post<{ records: Array<{ id: string }> }>('/business/listByPage', {});
    const res = await t.post('/business/getById', { id: list.data.records[0]!.id });
    expect(res.code).toBe('E000');
    const detail = endpoints.businessGetById.response.parse(res.data);
    expect(detail.typicalMaterials.length).toBeGreaterThan(0);
    expect(detail.buyerContact.phone).toMatch(/^1\d{10}$/);
    expect(detail.referenceTemplate?.path).toMatch(/^p\//);
  });

  it.each([['999999'], ['abc'], ['1; DROP TABLE notices'], ['99999999999999999999']])('answers E404 for unknown id %s', async (id) => {
    expect((await t.post('/business/getById', { id })).code).toBe('E404');
  });

  it('refuses a missing or oversized id with E400', async () => {
    expect((await t.post('/business/getById', {})).code).toBe('E400');
    expect((await t.post('/business/getById', { id: 'x'.repeat(65) })).code).toBe('E400');
    expect((await t.post('/business/getById', { id: 7 })).code).toBe('E400');
  });
});

describe('regions', () => {
  it('lists provinces, then the cities of one, in the request language', async () => {
    const provinces = await t.get<Array<{ code: string; label: string }>>('/business/getByProvinceCode', {}, { lang: 'zh-CN' });
    expect(provinces.data).toContainEqual({ code: '440000', label: '广东省' });
    const cities = await t.get<Array<{ code: string; label: string }>>('/business/getByProvinceCode', { provinceCode: '440000' }, { lang: 'en' });
    expect(cities.data).toContainEqual({ code: '441900', label: 'Dongguan' });
  });

  it('answers a city with its province', async () => {
    const res = await t.get('/business/getCityModelByCityCode', { cityCode: '320500' }, { lang: 'vie' });
    expect(res).toMatchObject({ code: 'E000', data: { cityCode: '320500', cityName: 'Tô Châu', provinceCode: '320000', provinceName: 'Giang Tô' } });
  });

  it('answers E404 for unknown codes and E400 for bad ones', async () => {
    expect((await t.get('/business/getByProvinceCode', { provinceCode: '999999' })).code).toBe('E404');
    expect((await t.get('/business/getCityModelByCityCode', { cityCode: '999999' })).code).toBe('E404');
    expect((await t.get('/business/getCityModelByCityCode', {})).code).toBe('E400');
    expect((await t.get('/business/getByProvinceCode', { provinceCode: 'x'.repeat(13) })).code).toBe('E400');
  });
});
