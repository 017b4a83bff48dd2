import { LETTER_COLUMNS, LETTER_LABELS, LETTER_TABLE_HEADER_ROW, letterColumn } from '@contract/inquiry-letter';
import { describe, expect, it } from 'vitest';
import { letterPrice, pricesFromRows } from './letter-prices';

describe('letterPrice: a reply-price cell as a price of two decimals', () => {
  it.each([
    ['12.5', '12.50', false],
    [12.5, '12.50', false],
    ['7', '7.00', false],
    ['.5', '0.50', false],
    ['0.30000000000000004', '0.30', false],
    ['12.499999999999998', '12.50', false],
    ['3.14159', '3.14', true],
    ['2.345', '2.35', true],
    ['2.344', '2.34', true],
    ['1,234.5', '1234.50', false],
    ['¥1,234,567.8', '1234567.80', false],
    ['１２．５', '12.50', false],
    [' 8 ', '8.00', false],
    ['1.25E-1', '0.13', true],
    ['1E+3', '1000.00', false],
    ['9999999999.99', '9999999999.99', false],
  ] as const)('%j → %s (rounded: %s)', (cell, price, rounded) => {
    expect(letterPrice(cell)).toEqual({ price, rounded });
  });

  it.each([
    [null, 'noPrice'],
    ['', 'noPrice'],
    ['   ', 'noPrice'],
    ['0', 'zeroPrice'],
    [0, 'zeroPrice'],
    ['0.004', 'zeroPrice'],
    ['-5', 'invalidPrice'],
    ['面议', 'invalidPrice'],
    ['12,5', 'invalidPrice'],
    ['1.2.3', 'invalidPrice'],
    ['10000000000', 'invalidPrice'],
    [true, 'invalidPrice'],
    [new Date(0), 'invalidPrice'],
  ] as const)('%j → %s', (cell, problem) => {
    expect(letterPrice(cell)).toEqual({ problem });
  });
});

/** A letter as rows: the meta above, the header at LETTER_TABLE_HEADER_ROW, then the given lines (material no, reply price). */
function sheet(lines: [unknown, unknown][], meta: { enquiryNo?: string; round?: string } = {}): unknown[][] {
  const rows: unknown[][] = [[LETTER_LABELS.title.en]];
  if (meta.enquiryNo) rows.push([LETTER_LABELS.enquiryNo.en, meta.enquiryNo]);
  if (meta.round) rows.push([LETTER_LABELS.round.vie, meta.round]);
  while (rows.length < LETTER_TABLE_HEADER_ROW - 1) rows.push([]);
  rows.push(LETTER_COLUMNS.map((column) => LETTER_LABELS[column].en));
  for (const [materialNo, price] of lines) {
    const row: unknown[] = LETTER_COLUMNS.map(() => null);
    row[letterColumn('materialNo') - 1] = materialNo;
    row[letterColumn('replyPrice') - 1] = price;
    row[letterColumn('name') - 1] = 'carton';
    rows.push(row);
  }
  return rows;
}

const LINES = [
  { id: 'l1', materialNo: 'M-001' },
  { id: 'l2', materialNo: 'M-002' },
  { id: 'l3', materialNo: 'm-003' },
];

describe('pricesFromRows', () => {
  it('matches lines by material no, in any order and case, and reports every row it did not use', () => {
    const rows = sheet(
      [
        ['M-003', '5'],
        ['M-001', '12.345'],
        ['M-999', '8'],
        ['M-001', '13'],
        ['', '4'],
        ['M-002', ''],
      ],
      { enquiryNo: 'XJ-1', round: '2' },
    );
    rows.splice(LETTER_TABLE_HEADER_ROW + 2, 0, []);
    const found = pricesFromRows(rows, LINES);
    expect(found.prices).toEqual({ l3: '5.00', l1: '12.35' });
    expect(found.filled).toBe(2);
    expect(found.unpriced).toBe(1);
    expect(found.rounded).toEqual([LETTER_TABLE_HEADER_ROW + 2]);
    expect(found.ignored.map(({ row, reason, materialNo, value }) => [row - LETTER_TABLE_HEADER_ROW, reason, materialNo, value])).toEqual([
      [4, 'unknownMaterial', 'M-999', '8'],
      [5, 'duplicate', 'M-001', '13'],
      [6, 'noMaterialNo', '', '4'],
      [7, 'noPrice', 'M-002', ''],
    ]);
    expect(found.enquiryNo).toBe('XJ-1');
    expect(found.round).toBe(2);
  });

  it('a sheet without a table gives nothing, says so, and knows no enquiry', () => {
    expect(pricesFromRows([['just a note']], LINES)).toEqual({
      prices: {},
      filled: 0,
      rounded: [],
      ignored: [],
      unpriced: 3,
      enquiryNo: null,
      round: null,
    });
  });
});
