import { z } from '../zod';
import { LONG_TEXT_MAX } from '../limits';
import {
  bankAccount,
  checkNewPassword,
  confirmPassword,
  creditCode,
  currentPassword,
  email,
  isoDate,
  longText,
  optionalText,
  password,
  phone,
  requiredText,
  username,
  verificationCode,
} from '../rules';
import { fileRef } from './common';

const bankInfo = z.object({
  acctNo: bankAccount(),
  bankNo: optionalText(40),
  acctName: requiredText(),
  bankName: requiredText(),
  bankAddress: optionalText(),
  currency: requiredText(8),
});

/** The supplier fields a supplier edits (SPEC.md section 3), shared by register and update. */
export const supplierFields = z.object({
  supplierName: requiredText(),
  creditCode: creditCode(),
  businessLicense: fileRef.nullable().refine((f) => f !== null, { error: 'certificateRequired' }),
  legalPerson: requiredText(50),
  establishDate: isoDate(),
  /** In ten thousands of the currency. */
  registeredCapital: z.coerce
    .number({ error: 'notANumber' })
    .min(0, { error: 'notANumber' })
    .max(1e9, { error: 'notANumber' })
    .refine(Number.isFinite, { error: 'notANumber' }),
  provinceCode: optionalText(12),
  cityCode: optionalText(12),
  registeredAddress: requiredText(),
  businessScope: longText().pipe(z.string().max(LONG_TEXT_MAX)),
  cooperationIntention: optionalText(40),
  contactName: requiredText(50),
  contactPhone: phone(),
  email: email(),
  productionBase: optionalText(40),
  counterpartAccount: optionalText(50),
  counterpartDepartment: optionalText(40),
  attachments: z.array(fileRef).max(20, { error: 'tooLong' }).default([]),
  bankInfo,
});
export type SupplierFields = z.infer<typeof supplierFields>;

export const registerRequest = supplierFields
  .extend({ username: username(), newPassword: password(), conPassword: confirmPassword() })
  .superRefine(checkNewPassword);

/** The request of supplierUpdate: the supplier fields as they are, named like every request (@alias). */
export const updateRequest = supplierFields;

/** What the bid service answers about a supplier. */
export const supplier = supplierFields.extend({
  supplierId: z.string(),
  supplierCode: z.string(),
  supplierCodeMain: z.string(),
  username: z.string(),
  status: z.string(),
  supplierRoleType: z.string(),
  createdAt: z.string(),
});
export type Supplier = z.infer<typeof supplier>;

export const loginRequest = z.object({
  username: requiredText(64),
  password: currentPassword(),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const loginResponse = z.object({
  username: z.string(),
  oauthToken: z.string(),
  /** When the token stops working (ISO 8601); the token cookie lives exactly as long. */
  tokenExpiresAt: z.string(),
  supplierId: z.string(),
  supplierCode: z.string(),
  supplierCodeMain: z.string(),
  status: z.string(),
  userInfo: z.object({ supplierName: z.string(), contactName: z.string(), supplierRoleType: z.string() }),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const logoutRequest = z.object({ username: requiredText(64) });

export const changePwdRequest = z
  .object({ username: requiredText(64), password: currentPassword(), newPassword: password(), conPassword: confirmPassword() })
  .superRefine(checkNewPassword);
export type ChangePwdRequest = z.input<typeof changePwdRequest>;

const CHECK_CODE_WAYS = ['mail', 'phone'] as const;
export const getCheckCodeRequest = z
  .object({ mailOrPhone: requiredText(), way: z.enum(CHECK_CODE_WAYS, { error: 'wayInvalid' }) })
  .superRefine((v, ctx) => {
    const ok = v.way === 'mail' ? email().safeParse(v.mailOrPhone).success : phone().safeParse(v.mailOrPhone).success;
    if (!ok) ctx.addIssue({ code: 'custom', path: ['mailOrPhone'], message: v.way === 'mail' ? 'emailInvalid' : 'phoneInvalid' });
  });
export type GetCheckCodeRequest = z.input<typeof getCheckCodeRequest>;

/** Forgot password: the code was sent to `mail` or to `phone`; exactly one of them is given. */
export const forgetPwdRequest = z
  .object({
    mail: optionalText(200),
    phone: optionalText(11),
    code: verificationCode(),
    newPassword: password(),
    conPassword: confirmPassword(),
  })
  .superRefine((v, ctx) => {
    checkNewPassword(v, ctx);
    if (!v.mail && !v.phone) ctx.addIssue({ code: 'custom', path: ['mail'], message: 'required' });
    if (v.mail && !email().safeParse(v.mail).success) ctx.addIssue({ code: 'custom', path: ['mail'], message: 'emailInvalid' });
    if (v.phone && !phone().safeParse(v.phone).success) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'phoneInvalid' });
  });
export type ForgetPwdRequest = z.input<typeof forgetPwdRequest>;

export const supplierIdParams = z.object({ supplierId: requiredText(64) });
