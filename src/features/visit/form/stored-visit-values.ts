import type { FileRef } from '@contract/schemas/common';
import type { VisitApplicationDetail, VisitApplySaveRequest } from '@contract/schemas/visit';
import { normalizeNumeric } from '@/ui/numeric-input';
import { AMOUNT_INPUT, newRowKey, pickRef, type FilesValue, type VisitFormValues, type VisitorValues, type YesNo } from './visit-values';

/**
 * The visit application form's values from an application stored elsewhere: a returned one the
 * bid service holds (copied into a new one), or one it refused, held by its outbox entry (mended).
 */

const answer = (value: boolean | undefined): YesNo => (value === undefined ? '' : value ? 'yes' : 'no');

/** What a stored application (its detail, or a refused entry's body) says of one visitor. */
type StoredVisitor = Pick<VisitorValues, 'name' | 'gender' | 'certificateType' | 'certificateNo' | 'phone'> & {
  meal?: boolean;
  mealType?: string;
  lodging?: boolean;
};

/** A visitor's row of the form, insured (with the job) when the insured persons name its certificate. */
function visitorRow(v: StoredVisitor, insured: Map<string, string>): VisitorValues {
  return {
    key: newRowKey(),
    name: v.name,
    gender: v.gender,
    certificateType: v.certificateType,
    certificateNo: v.certificateNo,
    phone: v.phone,
    meal: answer(v.meal),
    mealType: v.mealType ?? '',
    lodging: answer(v.lodging),
    insured: insured.has(v.certificateNo),
    job: insured.get(v.certificateNo) ?? '',
  };
}

/** A returned application copied into a new one: every field, visitor, insured person and stored file kept. */
export function copyOfApplication(detail: VisitApplicationDetail): VisitFormValues {
  const insured = new Map(detail.insurance.insuredPersons.map((p) => [p.certificateNo, p.job]));
  const kept = (refs: FileRef[]): FilesValue => ({ files: [], kept: refs.map(({ name, url, path }) => ({ name, url, path })) });
  return {
    intention: detail.intention,
    // A returned application's dates have likely passed: the supplier chooses them again.
    startDate: '',
    endDate: '',
    entryMethod: detail.entryMethod,
    sourceNo: detail.sourceNo,
    productionBase: detail.productionBase,
    department: detail.department,
    reason: detail.reason,
    visitingCompany: detail.visitingCompany,
    host: detail.host,
    relatedProject: detail.relatedProject,
    contract: kept(detail.contract),
    labourNotice: kept(detail.labourNotice),
    labourContract: kept(detail.labourContract),
    policy: kept(detail.policy),
    visitors: detail.visitors.map((v) => visitorRow(v, insured)),
    files: detail.files.map((f) => ({ key: newRowKey(), type: f.type, file: null, kept: f.file })),
    insurance: {
      company: detail.insurance.company,
      type: detail.insurance.type,
      policyNo: detail.insurance.policyNo,
      jobType: detail.insurance.jobType,
      amount: normalizeNumeric(detail.insurance.amount, AMOUNT_INPUT),
      currency: detail.insurance.currency,
      date: detail.insurance.date,
      hasInsured: detail.insurance.hasInsured ? 'yes' : 'no',
      hasSocialSecurity: detail.insurance.hasSocialSecurity ? 'yes' : 'no',
      appendix: kept(detail.insurance.appendix),
    },
    copiedFrom: detail.id,
  };
}

/**
 * An application the bid service refused, opened from its outbox entry: the body it held (with
 * the refs kept from a copied application) and the files stored with it by field (`outboxFiles`),
 * each typed file back in its row. A file no longer on the device leaves its row empty.
 */
export function mendedVisitValues(payload: Record<string, unknown>, stored: Record<string, File[]>): VisitFormValues {
  const body = payload as Partial<VisitApplySaveRequest>;
  const insurance: Partial<VisitApplySaveRequest['insurance']> = body.insurance ?? {};
  const insured = new Map((insurance.insuredPersons ?? []).map((p) => [p.certificateNo, p.job]));
  const text = (value: string | undefined) => value ?? '';
  const field = (refs: FileRef[] | undefined, path: string): FilesValue => ({ files: stored[path] ?? [], kept: (refs ?? []).map(pickRef) });
  return {
    intention: text(body.intention),
    startDate: text(body.startDate),
    endDate: text(body.endDate),
    entryMethod: text(body.entryMethod),
    sourceNo: text(body.sourceNo),
    productionBase: text(body.productionBase),
    department: text(body.department),
    reason: text(body.reason),
    visitingCompany: text(body.visitingCompany),
    host: text(body.host),
    relatedProject: text(body.relatedProject),
    contract: field(body.contract, 'contract'),
    labourNotice: field(body.labourNotice, 'labourNotice'),
    labourContract: field(body.labourContract, 'labourContract'),
    policy: field(body.policy, 'policy'),
    visitors: (body.visitors ?? []).map((v) => visitorRow(v, insured)),
    files: (body.files ?? []).map((row, i) => ({
      key: newRowKey(),
      type: row.type,
      file: row.file ? null : (stored[`files.${i}.file`]?.[0] ?? null),
      kept: row.file ? pickRef(row.file) : null,
    })),
    insurance: {
      company: text(insurance.company),
      type: text(insurance.type),
      policyNo: text(insurance.policyNo),
      jobType: text(insurance.jobType),
      amount: text(insurance.amount),
      currency: text(insurance.currency),
      date: text(insurance.date),
      hasInsured: answer(insurance.hasInsured),
      hasSocialSecurity: answer(insurance.hasSocialSecurity),
      appendix: field(insurance.appendix, 'insurance.appendix'),
    },
    copiedFrom: text(body.copiedFrom),
  };
}
