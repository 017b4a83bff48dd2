import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LETTER_TABLE_HEADER_ROW } from '@contract/inquiry-letter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNodeBlobs } from '@/offline/test-helpers';
import { readLetter } from './read-letter';

// The shared workbooks of tests/fixtures (vitest runs from the project root).
const fixture = (name: string) => new File([readFileSync(resolve('tests/fixtures', name))], name);

beforeEach(() => useNodeBlobs());
afterEach(() => vi.unstubAllGlobals());

/** The enquiry of inquiry-letter.xlsx: WL-001 to WL-008 (tests/fixtures/README.md). */
const ENQUIRY = {
  enquiryNo: 'XJ-TEST-0001',
  lines: Array.from({ length: 8 }, (_, i) => ({ id: `l${i + 1}`, materialNo: `WL-00${i + 1}` })),
};
/** The table starts under its header; the fixture's rows 9 to 19. */
const row = (n: number) => LETTER_TABLE_HEADER_ROW + n;

describe('readLetter on the real fixtures', () => {
  it('puts the good prices of inquiry-letter.xlsx in by material no and reports every other row with why', async () => {
    const reading = await readLetter(fixture('inquiry-letter.xlsx'), ENQUIRY);
    expect(reading.kind).toBe('prices');
    if (reading.kind !== 'prices') return;
    // A number, a text with a thousands separator, a float's sum, and more decimals than a price takes.
    expect(reading.prices).toEqual({ l1: '12.50', l2: '1234.50', l3: '0.30', l4: '3.14' });
    expect(reading.filled).toBe(4);
    expect(reading.rounded).toEqual([row(4)]);
    expect(reading.ignored.map((r) => [r.row, r.reason])).toEqual([
      [row(5), 'noPrice'],
      [row(6), 'zeroPrice'],
      [row(7), 'invalidPrice'],
      [row(8), 'invalidPrice'],
      [row(9), 'unknownMaterial'],
      [row(10), 'duplicate'],
      [row(11), 'noMaterialNo'],
    ]);
    expect(reading.ignored.find((r) => r.reason === 'unknownMaterial')).toMatchObject({ materialNo: 'WL-999', value: '8' });
    expect(reading.unpriced).toBe(4);
    expect(reading.enquiryNo).toBe('XJ-TEST-0001');
    expect(reading.round).toBe(1);
  });

  it('reads the 500 prices of inquiry-letter-500.xlsx', async () => {
    const lines = Array.from({ length: 500 }, (_, i) => ({ id: `l${i + 1}`, materialNo: `WL-${String(i + 1).padStart(3, '0')}` }));
    const reading = await readLetter(fixture('inquiry-letter-500.xlsx'), { enquiryNo: 'XJ-TEST-0500', lines });
    expect(reading.kind === 'prices' && [reading.filled, reading.ignored.length, reading.prices.l1, reading.prices.l500]).toEqual([
      500,
      0,
      '1.01',
      '6.00',
    ]);
  });

  it('refuses the letter of another enquiry: nothing is put in', async () => {
    expect(await readLetter(fixture('inquiry-letter.xlsx'), { ...ENQUIRY, enquiryNo: 'XJ-OTHER' })).toEqual({
      kind: 'otherEnquiry',
      enquiryNo: 'XJ-TEST-0001',
    });
  });

  it('leaves a .xls unread, and calls a damaged or renamed workbook unreadable', async () => {
    expect(await readLetter(fixture('bom.xls'), ENQUIRY)).toEqual({ kind: 'unchecked' });
    const whole = readFileSync(resolve('tests/fixtures', 'inquiry-letter-500.xlsx'));
    expect(await readLetter(new File([whole.subarray(0, 4096)], 'cut.xlsx'), ENQUIRY)).toEqual({ kind: 'unreadable' });
    expect(await readLetter(new File(['%PDF-1.4'], 'renamed.xlsx'), ENQUIRY)).toEqual({ kind: 'unreadable' });
  });
});
