import { describe, expect, it } from 'vitest';
import type { VisitApplicationDetail } from '../../contract/schemas/visit';
import type { VisitPass } from '../../contract/schemas/visitor';
import { DEMO_APPLICATION_PHONES } from '../seed/visit-applications';
import { build, newSupplier } from '../test/helper';
import { PEOPLE, visitKit } from '../test/visit-applications';

const t = await build();
const k = visitKit(t);
const lastCode = (to: string) => [...t.inbox].reverse().find((m) => m.to === to)!.code;
let ip = 20;

/**
 * A visitor at /visitLogin: a code to the phone, then the pass. A phone without an approved visit
 * is answered alike but sent no code (no enumeration), so its visitor can only guess one.
 */
async function pass(phone: string) {
  const from = `10.0.1.${ip++}`;
  const before = t.inbox.length;
  const sent = await t.post('/h5/getVerificationCodeByPhone', { phone }, { ip: from });
  if (sent.code !== 'E000') return sent;
  const code = t.inbox.slice(before).some((m) => m.to === phone) ? lastCode(phone) : '000000';
  return t.post<VisitPass>('/h5/getQrByPhoneAndVerificationCode', { phone, code }, { ip: from });
}

const gateVisits = async (applicationId: string) =>
  (await t.db.query<{ phone: string }>('SELECT phone FROM visits WHERE application_id = $1 ORDER BY phone', [applicationId])).map(
    (r) => r.phone,
  );

/**
 * An application of a supplier of its own (demo_a104's are what the listing test expects), with
 * that supplier's session to read it back.
 */
const created = async (people = PEOPLE.slice(0, 2)) => {
  const s = await newSupplier(t);
  const res = await k.save(s, await k.body(s, people));
  expect(res.code).toBe('E000');
  return { ...res.data, owner: s };
};

describe('listVisitApplications', () => {
  it('lists every application with its supplier, filtered by supplier and status', async () => {
    const all = await k.operator<Array<{ supplier: string; reviewStatus: string }>>('listVisitApplications', {});
    // Every application: the demo's, and those of the suppliers other tests here made.
    expect(all).toHaveLength((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM visit_applications'))[0]!.n);
    expect(
      all
        .filter((a) => a.supplier.startsWith('demo_'))
        .map((a) => `${a.supplier}/${a.reviewStatus}`)
        .sort(),
    ).toEqual(['demo_a104/approved', 'demo_a104/pending', 'demo_a104/returned']);
    expect(await k.operator('listVisitApplications', { supplier: 'demo_a141' })).toEqual([]);
    expect(await k.operator('listVisitApplications', { supplier: 'demo_a104', status: 'returned' })).toHaveLength(1);
    await expect(k.operator('listVisitApplications', { supplier: 'nobody' })).rejects.toThrow(/no supplier/);
  });
});

describe('reviewVisitApplication', () => {
  it('the demo’s approved application lets each visitor get the QR at /visitLogin; the pending one’s visitor cannot', async () => {
    for (const phone of DEMO_APPLICATION_PHONES.approved) expect((await pass(phone)).code).toBe('E000');
    expect((await pass(DEMO_APPLICATION_PHONES.pending[0])).code).not.toBe('E000');
  });

  it('approval creates one gate visit per visitor, valid from the start day to the end day', async () => {
    const app = await created();
    expect((await pass(PEOPLE[0]!.phone)).code).not.toBe('E000');
    const result = await k.operator<{ reviewStatus: string; visits: Array<{ phone: string }> }>('reviewVisitApplication', {
      visitNo: app.visitNo,
      approve: true,
    });
    expect(result.reviewStatus).toBe('approved');
    expect(result.visits.map((v) => v.phone).sort()).toEqual([PEOPLE[0]!.phone, PEOPLE[1]!.phone].sort());
    expect(await gateVisits(app.id)).toEqual([PEOPLE[0]!.phone, PEOPLE[1]!.phone].sort());
    const got = await pass(PEOPLE[1]!.phone);
    expect(got.code).toBe('E000');
    expect((got.data as VisitPass).visitorName).toBe(PEOPLE[1]!.name);
    const seen = await t.post<VisitApplicationDetail>('/visitApply/getById', { id: app.id }, k.as(app.owner));
    expect(seen.data).toMatchObject({ reviewStatus: 'approved', reviewReason: null, reviewedAt: expect.any(String) });
    // Reviewed once: a second review and a withdrawal are refused, no visit is doubled.
    await expect(k.operator('reviewVisitApplication', { id: app.id, approve: true })).rejects.toThrow(/approved, not pending/);
    expect((await t.post('/visitApply/withdraw', { id: app.id }, k.as(app.owner))).code).toBe('E409');
    expect(await gateVisits(app.id)).toHaveLength(2);
  });

  it('returning needs a reason, which the supplier sees; no gate visit is made', async () => {
    const app = await created([PEOPLE[2]!]);
    await expect(k.operator('reviewVisitApplication', { id: app.id, return: true })).rejects.toThrow(/--reason/);
    const result = await k.operator<{ reviewStatus: string; reviewReason: string }>('reviewVisitApplication', {
      id: app.id,
      return: true,
      reason: '请补充施工方案',
    });
    expect(result).toMatchObject({ reviewStatus: 'returned', reviewReason: '请补充施工方案' });
    expect(await gateVisits(app.id)).toEqual([]);
    const seen = await t.post<VisitApplicationDetail>('/visitApply/getById', { id: app.id }, k.as(app.owner));
    expect(seen.data).toMatchObject({ reviewStatus: 'returned', reviewReason: '请补充施工方案' });
  });

  it('refuses bad arguments and unknown or withdrawn applications', async () => {
    await expect(k.operator('reviewVisitApplication', { id: 'x', approve: true, return: true, reason: 'r' })).rejects.toThrow(
      /one of them/,
    );
    await expect(k.operator('reviewVisitApplication', { approve: true })).rejects.toThrow(/--id or --visit-no/);
    await expect(k.operator('reviewVisitApplication', { visitNo: 'FS000000000000', approve: true })).rejects.toThrow(
      /no visit application/,
    );
    const app = await created([PEOPLE[3]!]);
    expect((await t.post('/visitApply/withdraw', { id: app.id }, k.as(app.owner))).code).toBe('E000');
    await expect(k.operator('reviewVisitApplication', { id: app.id, approve: true })).rejects.toThrow(/withdrawn, not pending/);
  });
});

describe('messages of the buyer’s review', () => {
  const messagesOf = (refId: string) =>
    t.db.query<{ kind: string; supplier: string; number: string; name: string; deadline: Date | null; note: string }>(
      'SELECT kind, supplier_id::text AS supplier, number, name, deadline, note FROM supplier_messages WHERE ref_id = $1 ORDER BY id',
      [refId],
    );

  it('approving and returning each tell the supplier once (a return with its reason); a refused review and a withdrawal tell nothing', async () => {
    // PEOPLE[3]: an approved visit for PEOPLE[0] would let the approval test's visitor in before its approval.
    const approved = await created([PEOPLE[3]!]);
    await k.operator('reviewVisitApplication', { id: approved.id, approve: true });
    await expect(k.operator('reviewVisitApplication', { id: approved.id, approve: true })).rejects.toThrow(/not pending/);
    expect(await messagesOf(approved.id)).toEqual([
      {
        kind: 'visitApproved',
        supplier: approved.owner.supplierId,
        number: approved.visitNo,
        name: '东莞生产基地',
        deadline: null,
        note: '',
      },
    ]);
    const returned = await created([PEOPLE[1]!]);
    await k.operator('reviewVisitApplication', { id: returned.id, return: true, reason: '请补充施工方案' });
    expect(await messagesOf(returned.id)).toEqual([
      {
        kind: 'visitReturned',
        supplier: returned.owner.supplierId,
        number: returned.visitNo,
        name: '东莞生产基地',
        deadline: null,
        note: '请补充施工方案',
      },
    ]);
    const withdrawn = await created([PEOPLE[2]!]);
    expect((await t.post('/visitApply/withdraw', { id: withdrawn.id }, k.as(withdrawn.owner))).code).toBe('E000');
    expect(await messagesOf(withdrawn.id)).toEqual([]);
  });
});
