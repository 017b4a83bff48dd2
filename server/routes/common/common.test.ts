import { describe, expect, it } from 'vitest';
import { DICTIONARY_TYPES } from '../../../contract/schemas/common';
import { build } from '../../test/helper';

const t = await build();

describe('commonGetSelectCodeCommonData', () => {
  it.each(DICTIONARY_TYPES.map((type) => [type]))('answers the %s dictionary', async (type) => {
    const res = await t.get<Array<{ code: string; label: string }>>('/common/getSelectCodeCommonData', { type });
    expect(res.code).toBe('E000');
    expect(res.data.length).toBeGreaterThan(1);
  });

  it('labels in the request language', async () => {
    const zh = await t.get<Array<{ code: string; label: string }>>(
      '/common/getSelectCodeCommonData',
      { type: 'currency' },
      { lang: 'zh-CN' },
    );
    const vie = await t.get<Array<{ code: string; label: string }>>(
      '/common/getSelectCodeCommonData',
      { type: 'currency' },
      { lang: 'vi-VN,vi;q=0.9' },
    );
    expect(zh.data.map((o) => o.code)).toEqual(['CNY', 'USD', 'VND', 'EUR']);
    expect(zh.data[0]!.label).toBe('人民币');
    expect(vie.data[2]!.label).toBe('Đồng Việt Nam (VND)');
  });

  it('refuses an unknown or missing type with E400', async () => {
    expect((await t.get('/common/getSelectCodeCommonData', { type: 'colour' })).code).toBe('E400');
    expect((await t.get('/common/getSelectCodeCommonData')).code).toBe('E400');
  });
});

describe('production bases', () => {
  it('lists the bases and the departments of one', async () => {
    const bases = await t.get<Array<{ code: string; label: string }>>('/supplier/getProductionBaseOrg', {}, { lang: 'en' });
    expect(bases.data).toContainEqual({ code: 'DG', label: 'Dongguan production base' });
    const departments = await t.get<Array<{ code: string }>>('/supplier/getOrgCodeByProductionBase', { productionBase: 'DG' });
    expect(departments.data.map((d) => d.code)).toContain('DG-PUR');
  });

  it('answers E404 for an unknown base and E400 for a missing or long one', async () => {
    expect((await t.get('/supplier/getOrgCodeByProductionBase', { productionBase: 'XX' })).code).toBe('E404');
    expect((await t.get('/supplier/getOrgCodeByProductionBase')).code).toBe('E400');
    expect((await t.get('/supplier/getOrgCodeByProductionBase', { productionBase: 'x'.repeat(41) })).code).toBe('E400');
    expect((await t.get('/supplier/getProductionBaseOrg', { extra: '1' })).code).toBe('E400');
  });
});

describe('the other reference calls of SPEC.md section 7', () => {
  type Options = Array<{ code: string; label: string }>;

  it('/supplier/querySelectCodeData answers a dictionary like /common/getSelectCodeCommonData', async () => {
    const common = await t.get<Options>('/common/getSelectCodeCommonData', { type: 'gender' }, { lang: 'en' });
    const supplier = await t.get<Options>('/supplier/querySelectCodeData', { type: 'gender' }, { lang: 'en' });
    expect(supplier).toEqual(common);
    expect((await t.get('/supplier/querySelectCodeData', { type: 'colour' })).code).toBe('E400');
  });

  it('/supplier/getSysDictCommonData answers several dictionaries keyed by type, in the request language', async () => {
    const res = await t.get<Record<string, Options>>(
      '/supplier/getSysDictCommonData',
      { 'types[0]': 'currency', 'types[1]': 'mealType', 'types[2]': 'currency' },
      { lang: 'vi' },
    );
    expect(res.code).toBe('E000');
    expect(Object.keys(res.data).sort()).toEqual(['currency', 'mealType']);
    const currency = await t.get<Options>('/common/getSelectCodeCommonData', { type: 'currency' }, { lang: 'vi' });
    expect(res.data.currency).toEqual(currency.data);
    expect(res.data.mealType).toEqual((await t.get<Options>('/common/getSelectCodeCommonData', { type: 'mealType' }, { lang: 'vi' })).data);
    expect((await t.get('/supplier/getSysDictCommonData')).code).toBe('E400');
    expect((await t.get('/supplier/getSysDictCommonData', { 'types[0]': 'colour' })).code).toBe('E400');
  });

  it('/common/getSelectCodeCommonDataSmart filters a dictionary by code or label, case-insensitively, wildcards as text', async () => {
    const byLabel = await t.get<Options>('/common/getSelectCodeCommonDataSmart', { type: 'currency', keyword: '美元' }, { lang: 'zh-CN' });
    expect(byLabel.data.map((o) => o.code)).toEqual(['USD']);
    const byCode = await t.get<Options>('/common/getSelectCodeCommonDataSmart', { type: 'currency', keyword: 'vn' }, { lang: 'en' });
    expect(byCode.data.map((o) => o.code)).toEqual(['VND']);
    const all = await t.get<Options>('/common/getSelectCodeCommonDataSmart', { type: 'currency' });
    expect(all.data.map((o) => o.code)).toEqual(['CNY', 'USD', 'VND', 'EUR']);
    expect((await t.get<Options>('/common/getSelectCodeCommonDataSmart', { type: 'currency', keyword: '%' })).data).toEqual([]);
    expect((await t.get('/common/getSelectCodeCommonDataSmart', { type: 'currency', keyword: 'x'.repeat(41) })).code).toBe('E400');
  });

  it('/common/getOrgCodeByProductionBase answers the departments of a base like the supplier path', async () => {
    const supplier = await t.get<Options>('/supplier/getOrgCodeByProductionBase', { productionBase: 'TJ' }, { lang: 'en' });
    expect(await t.get<Options>('/common/getOrgCodeByProductionBase', { productionBase: 'TJ' }, { lang: 'en' })).toEqual(supplier);
    expect((await t.get('/common/getOrgCodeByProductionBase', { productionBase: 'XX' })).code).toBe('E404');
  });

  it('/supplier/sysLoginUserCounterpart lists the buyer staff by base, department and keyword', async () => {
    type Counterparts = Array<{ code: string; label: string; departmentCode: string; department: string }>;
    const all = await t.get<Counterparts>('/supplier/sysLoginUserCounterpart');
    expect(all.code).toBe('E000');
    expect(all.data.length).toBeGreaterThan(10);
    const dg = await t.get<Counterparts>('/supplier/sysLoginUserCounterpart', { productionBase: 'DG' }, { lang: 'en' });
    expect(dg.data.every((c) => c.departmentCode.startsWith('DG-'))).toBe(true);
    expect(dg.data).toContainEqual({ code: 'zhangwei.dg', label: '张伟', departmentCode: 'DG-PUR', department: 'Purchasing' });
    const purchasing = await t.get<Counterparts>('/supplier/sysLoginUserCounterpart', { productionBase: 'VN', department: 'VN-PUR' });
    expect(purchasing.data.map((c) => c.code)).toEqual(['nguyen.an.vn', 'tran.thi.mai.vn']);
    const byName = await t.get<Counterparts>('/supplier/sysLoginUserCounterpart', { keyword: '李' });
    expect(byName.data.map((c) => c.code)).toEqual(['lina.dg']);
    const byAccount = await t.get<Counterparts>('/supplier/sysLoginUserCounterpart', { keyword: 'TJ' });
    expect(byAccount.data.map((c) => c.code)).toEqual(['liuyang.tj', 'zhaomin.tj', 'sunhao.tj']);
    expect((await t.get<Counterparts>('/supplier/sysLoginUserCounterpart', { productionBase: 'XX' })).data).toEqual([]);
    expect((await t.get('/supplier/sysLoginUserCounterpart', { keyword: 'x'.repeat(41) })).code).toBe('E400');
  });
});
