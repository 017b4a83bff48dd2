import { describe, expect, it } from 'vitest';
import { appendAtPath, getAtPath, parsePath, setAtPath } from './path';

describe('payload paths', () => {
  it('parses names and array indexes', () => {
    expect(parsePath('attachments')).toEqual(['attachments']);
    expect(parsePath('certificates.0.files')).toEqual(['certificates', 0, 'files']);
    // A leading zero is a name, not an index.
    expect(parsePath('a.01')).toEqual(['a', '01']);
  });

  it.each(['', 'a..b', '.a', 'a.', '__proto__.x', 'a.constructor', 'prototype'])('refuses %j', (path) => {
    expect(() => parsePath(path)).toThrow(/Invalid payload path/);
  });

  it('reads through objects and arrays, undefined when a step is missing or of the wrong kind', () => {
    const payload = { certificates: [{ name: 'ISO', files: [1] }], bom: null };
    expect(getAtPath(payload, 'certificates.0.files')).toEqual([1]);
    expect(getAtPath(payload, 'certificates.1.files')).toBeUndefined();
    expect(getAtPath(payload, 'certificates.name')).toBeUndefined();
    expect(getAtPath(payload, 'bom.0')).toBeUndefined();
  });

  it('sets a value on a copy: the original and its untouched branches stay as they were', () => {
    const certificates = [
      { name: 'ISO', files: [] as unknown[] },
      { name: 'CE', files: [] as unknown[] },
    ];
    const other = { keep: true };
    const payload = { tenderRecordId: 'r1', certificates, other };
    const frozen = structuredClone(payload);
    const next = setAtPath(payload, 'certificates.1.files', ['ref']);
    expect(next).toEqual({
      tenderRecordId: 'r1',
      certificates: [
        { name: 'ISO', files: [] },
        { name: 'CE', files: ['ref'] },
      ],
      other: { keep: true },
    });
    expect(payload).toEqual(frozen);
    expect(next.certificates).not.toBe(certificates);
    expect(next.certificates[0]).toBe(certificates[0]);
    expect(next.other).toBe(other);
  });

  it('creates missing steps: an array for an index (earlier slots as empty objects), an object for a name', () => {
    expect(setAtPath({}, 'certificates.1.files', ['x'])).toEqual({ certificates: [{}, { files: ['x'] }] });
    expect(setAtPath({ a: 'text' }, 'a.b', 1)).toEqual({ a: { b: 1 } });
  });

  it('appends in order to the array at a path, creating it when missing', () => {
    const payload = { attachments: ['old'], certificates: [{ name: 'ISO' }], remittanceSlip: null };
    expect(appendAtPath(payload, 'attachments', ['a', 'b']).attachments).toEqual(['old', 'a', 'b']);
    expect(appendAtPath(payload, 'certificates.0.files', ['c']).certificates).toEqual([{ name: 'ISO', files: ['c'] }]);
    expect(appendAtPath(payload, 'remittanceSlip', ['s']).remittanceSlip).toEqual(['s']);
    expect(appendAtPath<Record<string, unknown>>(payload, 'billOfMaterials', []).billOfMaterials).toEqual([]);
    expect(payload).toEqual({ attachments: ['old'], certificates: [{ name: 'ISO' }], remittanceSlip: null });
  });
});
