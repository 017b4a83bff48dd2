import type { FileRef } from '@contract/schemas/common';
import type { Supplier } from '@contract/schemas/supplier';

interface BankValues {
  acctNo: string;
  bankNo: string;
  acctName: string;
  bankName: string;
  bankAddress: string;
  currency: string;
}

/** What the form edits: the contract's supplier fields as the controls hold them (text, file lists). */
export interface SupplierFormValues {
  supplierName: string;
  creditCode: string;
  businessLicense: FileRef[];
  legalPerson: string;
  establishDate: string;
  registeredCapital: string;
  provinceCode: string;
  cityCode: string;
  registeredAddress: string;
  businessScope: string;
  cooperationIntention: string;
  contactName: string;
  contactPhone: string;
  email: string;
  productionBase: string;
  counterpartAccount: string;
  counterpartDepartment: string;
  attachments: FileRef[];
  bankInfo: BankValues;
}

/** Registration adds the account to the supplier fields. */
export interface AccountValues {
  username: string;
  newPassword: string;
  conPassword: string;
}

export type TextPath = Exclude<keyof SupplierFormValues, 'businessLicense' | 'attachments' | 'bankInfo'> | `bankInfo.${keyof BankValues}`;
export type FilePath = 'businessLicense' | 'attachments';

export const emptySupplierValues = (): SupplierFormValues => ({
  supplierName: '',
  creditCode: '',
  businessLicense: [],
  legalPerson: '',
  establishDate: '',
  registeredCapital: '',
  provinceCode: '',
  cityCode: '',
  registeredAddress: '',
  businessScope: '',
  cooperationIntention: '',
  contactName: '',
  contactPhone: '',
  email: '',
  productionBase: '',
  counterpartAccount: '',
  counterpartDepartment: '',
  attachments: [],
  bankInfo: { acctNo: '', bankNo: '', acctName: '', bankName: '', bankAddress: '', currency: '' },
});

export const emptyAccountValues = (): AccountValues => ({ username: '', newPassword: '', conPassword: '' });

export function fromSupplier(s: Supplier): SupplierFormValues {
  return {
    supplierName: s.supplierName,
    creditCode: s.creditCode,
    businessLicense: s.businessLicense ? [s.businessLicense] : [],
    legalPerson: s.legalPerson,
    establishDate: s.establishDate,
    registeredCapital: Number.isFinite(s.registeredCapital) ? s.registeredCapital.toFixed(2) : '',
    provinceCode: s.provinceCode,
    cityCode: s.cityCode,
    registeredAddress: s.registeredAddress,
    businessScope: s.businessScope,
    cooperationIntention: s.cooperationIntention,
    contactName: s.contactName,
    contactPhone: s.contactPhone,
    email: s.email,
    productionBase: s.productionBase,
    counterpartAccount: s.counterpartAccount,
    counterpartDepartment: s.counterpartDepartment,
    attachments: s.attachments,
    bankInfo: { ...s.bankInfo },
  };
}

/** The wire shape of the supplier fields (contract supplierFields input). */
export function toSupplierPayload(v: SupplierFormValues) {
  return {
    ...v,
    businessLicense: v.businessLicense[0] ?? null,
    // Left empty it stays missing, so the contract answers "enter a valid number" instead of taking 0.
    registeredCapital: v.registeredCapital === '' ? undefined : v.registeredCapital,
  };
}

export function readText(v: SupplierFormValues, path: TextPath): string {
  if (path.startsWith('bankInfo.')) return v.bankInfo[path.slice('bankInfo.'.length) as keyof BankValues];
  return v[path as Exclude<TextPath, `bankInfo.${string}`>];
}

export function writeText(v: SupplierFormValues, path: TextPath, value: string): SupplierFormValues {
  if (path.startsWith('bankInfo.')) return { ...v, bankInfo: { ...v.bankInfo, [path.slice('bankInfo.'.length)]: value } };
  return { ...v, [path]: value };
}

/** Fields in the order they appear, for "focus the first problem". */
export const ACCOUNT_ORDER = ['username', 'newPassword', 'conPassword'] as const;
export const SUPPLIER_ORDER = [
  'supplierName',
  'creditCode',
  'legalPerson',
  'establishDate',
  'registeredCapital',
  'provinceCode',
  'cityCode',
  'registeredAddress',
  'businessScope',
  'contactName',
  'contactPhone',
  'email',
  'cooperationIntention',
  'productionBase',
  'counterpartAccount',
  'counterpartDepartment',
  'bankInfo.acctName',
  'bankInfo.acctNo',
  'bankInfo.bankName',
  'bankInfo.bankNo',
  'bankInfo.bankAddress',
  'bankInfo.currency',
  'businessLicense',
  'attachments',
] as const;

export const fieldId = (path: string) => `supplier-${path.replace(/\./g, '-')}`;

/**
 * Error paths as the contract reports them, folded onto the fields that show them:
 * `attachments.3.name` belongs to the attachments upload.
 */
export function foldErrors(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, text] of Object.entries(errors)) {
    const key = path.startsWith('bankInfo.') ? path.split('.').slice(0, 2).join('.') : path.split('.')[0]!;
    if (!(key in out)) out[key] = text;
  }
  return out;
}
