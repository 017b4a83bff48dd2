import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNodeBlobs } from '@/offline/test-helpers';
import { cellText, readBom, summarizeBomRows, timeBomRead } from './read-bom';

// The shared workbooks of tests/fixtures (vitest runs from the project root).
const fixture = (name: string) => new File([readFileSync(resolve('tests/fixtures', name))], name);

beforeEach(() => useNodeBlobs());
afterEach(() => vi.unstubAllGlobals());

const HEADER = ['序号', '物料编码', '物料名称', '规格型号', '单位', '数量', '含税单价', '含税金额', '备注'];

describe('readBom on the real fixtures', () => {
  it('counts the 12 material lines of bom.xlsx and previews the first 5 under the header', async () => {
    const reading = await readBom(fixture('bom.xlsx'));
    expect(reading.kind).toBe('lines');
    if (reading.kind !== 'lines') return;
    expect(reading.lineCount).toBe(12);
    expect(reading.header).toEqual(HEADER);
    expect(reading.preview).toHaveLength(5);
    expect(reading.preview[0]!.slice(0, 6)).toEqual(['1', 'WL000001', '瓦楞原纸', '120g/m² 环压指数≥7.0', '吨', '80']);
  });

  it('finds no material line in bom-empty.xlsx', async () => {
    expect(await readBom(fixture('bom-empty.xlsx'))).toEqual({ kind: 'empty' });
  });

  it('reads the 5,000 lines of bom-5000.xlsx', async () => {
    const { ms, reading } = await timeBomRead(fixture('bom-5000.xlsx'));
    expect(reading.kind === 'lines' && reading.lineCount).toBe(5000);
    expect(ms).toBeGreaterThan(0);
  });

  it('leaves a .xls to the bid service, and calls a damaged workbook unreadable', async () => {
    expect(await readBom(fixture('bom.xls'))).toEqual({ kind: 'unchecked' });
    const whole = readFileSync(resolve('tests/fixtures', 'bom.xlsx'));
    // The local headers survive (it still sniffs as .xlsx) but the central directory is gone.
    expect(await readBom(new File([whole.subarray(0, 4096)], 'cut.xlsx'))).toEqual({ kind: 'unreadable' });
    expect(await readBom(new File(['%PDF-1.4'], 'renamed.xlsx'))).toEqual({ kind: 'unreadable' });
  });
});

describe('summarizeBomRows', () => {
  it('takes the first filled row as the header and skips blank rows', () => {
    const rows = [
      [null, null],
      ['编码', '名称', null],
      [null, ''],
      ['A1', '纸', 'note'],
      ['A2', null, null],
    ];
    expect(summarizeBomRows(rows)).toEqual({
      lineCount: 2,
      header: ['编码', '名称'],
      preview: [
        ['A1', '纸'],
        ['A2', ''],
      ],
    });
    expect(summarizeBomRows([])).toEqual({ lineCount: 0, header: [], preview: [] });
  });

  it('writes dates as YYYY-MM-DD and trims text', () => {
    expect(cellText(new Date(Date.UTC(2026, 10, 3)))).toBe('2026-11-03');
    expect(cellText('  纸箱 ')).toBe('纸箱');
    expect(cellText(12.5)).toBe('12.5');
  });
});
