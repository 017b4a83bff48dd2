import type { FileRef } from '@contract/schemas/common';
import type { VisitApplySaveRequest } from '@contract/schemas/visit';
import { normalizeNumeric } from '@/ui/numeric-input';

/**
 * What the visit application form holds, kept as a draft on the device with the chosen files
 * (File objects: their bytes go into IndexedDB with the draft). Yes/no answers start unanswered
 * (''): SPEC.md section 5 requires the meal and lodging choices to be made, not defaulted.
 * Files copied from a returned application are the supplier's stored uploads (`kept`): they are
 * sent as they are, new files travel through the outbox.
 */
export type YesNo = '' | 'yes' | 'no';

export interface VisitorValues {
  /** Stable across edits and reorders (React key, focus after a move). */
  key: string;
  name: string;
  gender: string;
  certificateType: string;
  certificateNo: string;
  phone: string;
  meal: YesNo;
  mealType: string;
  lodging: YesNo;
  /** Insurance section: this visitor is an insured person, with the job insured. */
  insured: boolean;
  job: string;
}

/**
 * A row of the files section: a type and one file, chosen here or kept from the copied
 * application (its size, uploader and time unknown when only the ref was kept: a mended entry).
 */
export interface TypedFileValues {
  key: string;
  type: string;
  file: File | null;
  kept: (FileRef & { size?: number; uploader?: string; uploadedAt?: string }) | null;
}

/** A file field: files chosen here plus the stored ones kept from a copied application. */
export interface FilesValue {
  files: File[];
  kept: FileRef[];
}

export interface VisitFormValues {
  intention: string;
  startDate: string;
  endDate: string;
  entryMethod: string;
  sourceNo: string;
  productionBase: string;
  department: string;
  reason: string;
  visitingCompany: string;
  host: string;
  relatedProject: string;
  contract: FilesValue;
  labourNotice: FilesValue;
  labourContract: FilesValue;
  policy: FilesValue;
  visitors: VisitorValues[];
  files: TypedFileValues[];
  insurance: {
    company: string;
    type: string;
    policyNo: string;
    jobType: string;
    amount: string;
    currency: string;
    date: string;
    hasInsured: YesNo;
    hasSocialSecurity: YesNo;
    appendix: FilesValue;
  };
  /** The returned application this one copies, or ''. */
  copiedFrom: string;
}

const FILE_FIELDS = ['contract', 'labourNotice', 'labourContract', 'policy'] as const;
export type FileField = (typeof FILE_FIELDS)[number];

/** The NumericInput rule of the insured amount (SPEC.md section 5: two decimals). */
export const AMOUNT_INPUT = { precision: 2, min: 0, max: 9_999_999_999.99 } as const;

let lastKey = 0;
export const newRowKey = (): string => `row-${Date.now().toString(36)}-${(lastKey++).toString(36)}`;

const noFiles = (): FilesValue => ({ files: [], kept: [] });

export const emptyVisitor = (): VisitorValues => ({
  key: newRowKey(),
  name: '',
  gender: '',
  certificateType: '',
  certificateNo: '',
  phone: '',
  meal: '',
  mealType: '',
  lodging: '',
  insured: false,
  job: '',
});

export const emptyTypedFile = (): TypedFileValues => ({ key: newRowKey(), type: '', file: null, kept: null });

/** A new application: the visiting company is the supplier's own name, one visitor row to start. */
export function emptyVisitValues(visitingCompany: string, relatedProject = ''): VisitFormValues {
  return {
    intention: '',
    startDate: '',
    endDate: '',
    entryMethod: '',
    sourceNo: '',
    productionBase: '',
    department: '',
    reason: '',
    visitingCompany,
    host: '',
    relatedProject,
    contract: noFiles(),
    labourNotice: noFiles(),
    labourContract: noFiles(),
    policy: noFiles(),
    visitors: [emptyVisitor()],
    files: [],
    insurance: {
      company: '',
      type: '',
      policyNo: '',
      jobType: '',
      amount: '',
      currency: '',
      date: '',
      hasInsured: '',
      hasSocialSecurity: '',
      appendix: noFiles(),
    },
    copiedFrom: '',
  };
}

/** Whether nothing was filled beyond what a new form starts with (no draft is kept then). */
export function isEmptyVisit(v: VisitFormValues, visitingCompany: string, relatedProject = ''): boolean {
  const empty = emptyVisitValues(visitingCompany, relatedProject);
  const strip = (values: VisitFormValues) => ({
    ...values,
    visitors: values.visitors.map(({ key: _, ...rest }) => rest),
    files: values.files.map(({ key: _, ...rest }) => rest),
  });
  return JSON.stringify(strip(v)) === JSON.stringify(strip(empty)) && !hasFiles(v);
}

function hasFiles(v: VisitFormValues): boolean {
  return [...FILE_FIELDS.map((f) => v[f]), v.insurance.appendix].some((f) => f.files.length + f.kept.length > 0) || v.files.length > 0;
}

const yesNo = (v: YesNo): boolean | undefined => (v === '' ? undefined : v === 'yes');
/** Stands in for a file chosen here, not uploaded yet: the schema only counts them. */
const LOCAL: FileRef = { name: 'local', url: 'local', path: 'local' };

/** The insured visitors, in visitor order. */
export const insuredVisitors = (v: VisitFormValues) => v.visitors.filter((visitor) => visitor.insured);

/**
 * The `/visitApply/save` body of the form. `withLocal`: files chosen here count as placeholder
 * refs (for checking the form against the contract); without, only kept refs are in the body
 * and the chosen files go to the outbox (`outboxFiles`), which appends or sets their refs.
 * Every text is sent trimmed; the insured count is the number of insured visitors.
 */
export function visitPayload(v: VisitFormValues, withLocal: boolean): VisitApplySaveRequest {
  const refs = (f: FilesValue) => [...f.kept, ...(withLocal ? f.files.map(() => LOCAL) : [])];
  const insured = insuredVisitors(v);
  return {
    intention: v.intention,
    startDate: v.startDate,
    endDate: v.endDate,
    entryMethod: v.entryMethod,
    sourceNo: v.sourceNo.trim(),
    productionBase: v.productionBase,
    department: v.department,
    reason: v.reason.trim(),
    visitingCompany: v.visitingCompany.trim(),
    host: v.host.trim(),
    relatedProject: v.relatedProject.trim(),
    contract: refs(v.contract),
    labourNotice: refs(v.labourNotice),
    labourContract: refs(v.labourContract),
    policy: refs(v.policy),
    visitors: v.visitors.map((visitor) => ({
      name: visitor.name.trim(),
      gender: visitor.gender,
      certificateType: visitor.certificateType,
      certificateNo: visitor.certificateNo.trim(),
      phone: visitor.phone.trim(),
      meal: yesNo(visitor.meal) as boolean,
      mealType: visitor.meal === 'yes' ? visitor.mealType : '',
      lodging: yesNo(visitor.lodging) as boolean,
    })),
    files: orderedFiles(v).map((row) => ({
      type: row.type,
      ...(row.kept ? { file: pickRef(row.kept) } : withLocal && row.file ? { file: LOCAL } : {}),
    })) as VisitApplySaveRequest['files'],
    insurance: {
      company: v.insurance.company.trim(),
      type: v.insurance.type,
      policyNo: v.insurance.policyNo.trim(),
      jobType: v.insurance.jobType.trim(),
      insuredCount: insured.length,
      amount: v.insurance.amount ? normalizeNumeric(v.insurance.amount, AMOUNT_INPUT) : '',
      currency: v.insurance.currency,
      date: v.insurance.date,
      hasInsured: yesNo(v.insurance.hasInsured) as boolean,
      hasSocialSecurity: yesNo(v.insurance.hasSocialSecurity) as boolean,
      appendix: refs(v.insurance.appendix),
      insuredPersons: insured.map((visitor) => ({ certificateNo: visitor.certificateNo.trim(), job: visitor.job.trim() })),
    },
    ...(v.copiedFrom ? { copiedFrom: v.copiedFrom } : {}),
  };
}

export const pickRef = ({ name, url, path }: FileRef): FileRef => ({ name, url, path });

/** Rows of the files section with a file: kept ones first (their refs sit in the body), then those chosen here. */
export function orderedFiles(v: VisitFormValues): TypedFileValues[] {
  const withFile = v.files.filter((row) => row.kept || row.file);
  return [...withFile.filter((row) => row.kept), ...withFile.filter((row) => !row.kept)];
}

/** The files the outbox stores and uploads, by payload path, in screen order. */
export function outboxFiles(v: VisitFormValues, labels: Record<FileField | 'appendix' | 'files', string>) {
  const rows = orderedFiles(v);
  const keptCount = rows.filter((row) => row.kept).length;
  return [
    ...FILE_FIELDS.map((field) => ({ field, files: v[field].files, label: labels[field] })),
    { field: 'insurance.appendix', files: v.insurance.appendix.files, label: labels.appendix },
    ...rows
      .slice(keptCount)
      .map((row, i) => ({ field: `files.${keptCount + i}.file`, files: [row.file!], single: true as const, label: labels.files })),
  ];
}
