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
    const zh = await t.get<Array<{ code: string; label: string }>>('/common/getSelectCodeCommonData', { type: 'currency' }, { lang: 'zh-CN' });
    const vie = await t.get<Array<{ code: string; label: string }>>('/common/getSelectCodeCommonData', { type: 'currency' }, { lang: 'vi-VN,vi;q=0.9' });
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
