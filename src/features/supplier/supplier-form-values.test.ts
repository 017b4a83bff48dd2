import { message } from '@/locales/wire';
import { isCreditCode } from '@contract/rules';
import { supplierFields, type Supplier } from '@contract/schemas/supplier';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '@/api/validation';
import { emptySupplierValues, foldErrors, fromSupplier, readText, toSupplierPayload, writeText } from './supplier-form-values';

const license = { name: '营业执照.pdf', url: '/f/1', path: 'a/1.pdf' };
const supplier: Supplier = {
  supplierId: 's1',
  supplierCode: 'SUP001',
  supplierCodeMain: 'SUP001',
  username: 'acme',
  status: 'A104',
  supplierRoleType: '1',
  createdAt: '2024-01-01T00:00:00Z',
  supplierName: '示例纸业有限公司',
  creditCode: '91350100M000100Y43',
  businessLicense: license,
  legalPerson: '张三',
  establishDate: '2010-05-01',
  registeredCapital: 500,
  provinceCode: '44',
  cityCode: '4401',
  registeredAddress: '广州市天河区',
  businessScope: '纸制品',
  cooperationIntention: 'packaging',
  contactName: '李四',
  contactPhone: '13800138000',
  email: 'li@example.com',
  productionBase: 'GZ',
  counterpartAccount: '',
  counterpartDepartment: '',
  attachments: [],
  bankInfo: {
    acctNo: '6222000011112222',
    bankNo: '',
    acctName: '示例纸业有限公司',
    bankName: '工商银行',
    bankAddress: '',
    currency: 'CNY',
  },
};

describe('supplier form values', () => {
  it('round-trips a supplier into a payload the contract accepts', () => {
    expect(isCreditCode(supplier.creditCode)).toBe(true);
    const values = fromSupplier(supplier);
    expect(values.registeredCapital).toBe('500.00');
    expect(values.businessLicense).toEqual([license]);
    const parsed = supplierFields.parse(toSupplierPayload(values));
    expect(parsed.registeredCapital).toBe(500);
    expect(parsed.businessLicense).toEqual(license);
  });

  it('reports a missing business licence with the certificate message and an empty capital as not a number', () => {
    const errors = fieldErrors(supplierFields, toSupplierPayload(emptySupplierValues()), 'zh-CN');
    expect(errors.businessLicense).toBe(message('certificateRequired', 'zh-CN'));
    expect(errors.registeredCapital).toBe(message('notANumber', 'zh-CN'));
    expect(errors['bankInfo.acctNo']).toBe(message('required', 'zh-CN'));
  });

  it('checks credit code, phone and email with their own messages', () => {
    const values = { ...fromSupplier(supplier), creditCode: '91350100M000100Y44', contactPhone: '12800138000', email: 'li@example' };
    const errors = fieldErrors(supplierFields, toSupplierPayload(values), 'en');
    expect(errors).toEqual({
      creditCode: message('creditCodeCheckMismatch', 'en'),
      contactPhone: message('phoneInvalid', 'en'),
      email: message('emailInvalid', 'en'),
    });
  });

  it('reads and writes nested bank fields by path', () => {
    const next = writeText(emptySupplierValues(), 'bankInfo.acctNo', '123');
    expect(readText(next, 'bankInfo.acctNo')).toBe('123');
    expect(writeText(next, 'email', 'a@b.cn').email).toBe('a@b.cn');
  });

  it('folds nested error paths onto the field that shows them', () => {
    expect(foldErrors({ 'attachments.2.name': 'x', 'bankInfo.acctNo': 'y', email: 'z', 'businessLicense.path': 'w' })).toEqual({
      attachments: 'x',
      'bankInfo.acctNo': 'y',
      email: 'z',
      businessLicense: 'w',
    });
  });
});
