import type { VisitPass } from '@contract/schemas/visitor';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetPortalDb } from '@/offline/test-helpers';
import { loadPasses, PASSES_HINT_KEY, passValidity, removePass, storePass } from './passes';

describe('the passes hint for the prerendered /visitLogin', () => {
  const pass = (phone: string) => ({ phone, validFrom: '2026-11-01T08:00:00+08:00', validUntil: '2026-11-02T18:00:00+08:00' }) as VisitPass;
  beforeEach(async () => {
    await resetPortalDb();
    localStorage.clear();
  });

  it('counts the passes in localStorage as they are stored and removed', async () => {
    await storePass(pass('13900000001'));
    await storePass(pass('13900000002'));
    expect(localStorage.getItem(PASSES_HINT_KEY)).toBe('2');
    await removePass('13900000001');
    await removePass('13900000002');
    expect(localStorage.getItem(PASSES_HINT_KEY)).toBe('0');
  });

  it('is put right whenever the passes are read (a device that had them before the hint existed)', async () => {
    await storePass(pass('13900000001'));
    localStorage.clear();
    await loadPasses();
    expect(localStorage.getItem(PASSES_HINT_KEY)).toBe('1');
  });
});

describe('passValidity', () => {
  const pass = { validFrom: '2026-11-01T08:00:00+08:00', validUntil: '2026-11-02T18:00:00+08:00' };
  const at = (iso: string) => Date.parse(iso);

  it('is valid inside the window, from its first instant', () => {
    expect(passValidity(pass, at('2026-11-01T08:00:00+08:00'))).toBe('valid');
    expect(passValidity(pass, at('2026-11-02T17:59:59+08:00'))).toBe('valid');
  });

  it('is not yet valid before, and expired from the end instant on', () => {
    expect(passValidity(pass, at('2026-11-01T07:59:59+08:00'))).toBe('notYetValid');
    expect(passValidity(pass, at('2026-11-02T18:00:00+08:00'))).toBe('expired');
    expect(passValidity(pass, at('2027-01-01T00:00:00Z'))).toBe('expired');
  });

  it('compares instants, whatever the offsets', () => {
    expect(passValidity(pass, at('2026-11-02T09:59:59Z'))).toBe('valid');
    expect(passValidity(pass, at('2026-11-02T10:00:00Z'))).toBe('expired');
  });
});
