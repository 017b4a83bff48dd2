import { z } from 'zod';
import { cityModel, cityModelRequest, getByIdRequest, listByPageRequest, noticeDetail, noticeSummary, regionRequest } from './schemas/business';
import { dictionaryRequest, empty, nothing, option, page } from './schemas/common';
import { downloadRequest, uploadResponse } from './schemas/file';
import {
  changePwdRequest,
  forgetPwdRequest,
  getCheckCodeRequest,
  loginRequest,
  loginResponse,
  logoutRequest,
  registerRequest,
  supplier,
  supplierIdParams,
  updateRequest,
} from './schemas/supplier';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of the wire contract. `path` may hold `{param}` segments, filled from `params`.
 * `public` calls need no token (SPEC.md section 7); all others are refused by the portal
 * without sending when there is no token, and by the bid service with E401.
 */
export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType, Params extends z.ZodType | undefined = z.ZodType | undefined> {
  path: string;
  method: Method;
  public: boolean;
  /** `json` by default; `multipart` for uploads; `form` for form-encoded bodies. */
  body?: 'json' | 'multipart' | 'form';
  /** The answer is a file, not an envelope (on success). */
  binary?: boolean;
  request: Req;
  response: Res;
  params?: Params;
  summary: string;
}

const endpoint = <Req extends z.ZodType, Res extends z.ZodType, Params extends z.ZodType | undefined = undefined>(
  e: Endpoint<Req, Res, Params>,
) => e;

export const endpoints = {
  businessListByPage: endpoint({ path: '/business/listByPage', method: 'POST', public: true, request: listByPageRequest, response: page(noticeSummary), summary: 'Public bidding (0) or purchasing (1) notices, searched and paged' }),
  businessGetById: endpoint({ path: '/business/getById', method: 'POST', public: true, request: getByIdRequest, response: noticeDetail, summary: 'One public notice with its details' }),
  businessGetByProvinceCode: endpoint({ path: '/business/getByProvinceCode', method: 'GET', public: true, request: regionRequest, response: z.array(option), summary: 'Provinces, or the cities of a province' }),
  businessGetCityModelByCityCode: endpoint({ path: '/business/getCityModelByCityCode', method: 'GET', public: true, request: cityModelRequest, response: cityModel, summary: 'A city with its province' }),

  supplierLogin: endpoint({ path: '/supplier/login', method: 'POST', public: true, request: loginRequest, response: loginResponse, summary: 'Log in; answers a token' }),
  supplierLogout: endpoint({ path: '/supplier/logout', method: 'POST', public: false, request: logoutRequest, response: nothing, summary: 'Revoke the current token' }),
  supplierGetByToken: endpoint({ path: '/supplier/getByToken', method: 'POST', public: false, request: empty, response: supplier, summary: 'Session check: the supplier behind the token' }),
  supplierGetById: endpoint({ path: '/supplier/getById/{supplierId}', method: 'GET', public: false, request: empty, params: supplierIdParams, response: supplier, summary: 'Supplier details (own record only)' }),
  supplierSave: endpoint({ path: '/supplier/save', method: 'POST', public: true, request: registerRequest, response: z.object({ supplierId: z.string() }), summary: 'Register a supplier (starts in status A101)' }),
  supplierUpdate: endpoint({ path: '/supplier/update', method: 'POST', public: false, request: updateRequest, response: supplier, summary: 'Update the supplier information' }),
  supplierChangePwd: endpoint({ path: '/supplier/changePwd', method: 'POST', public: false, request: changePwdRequest, response: nothing, summary: 'Change password; every token of the account is revoked' }),
  supplierForgetPwd: endpoint({ path: '/supplier/forgetPwd', method: 'POST', public: true, request: forgetPwdRequest, response: nothing, summary: 'Reset a password with a verification code' }),
  supplierGetCheckCode: endpoint({ path: '/supplier/getCheckCode', method: 'POST', public: true, request: getCheckCodeRequest, response: z.object({ resendAfterSeconds: z.number().int() }), summary: 'Send a verification code by mail or phone' }),
  supplierGetProductionBaseOrg: endpoint({ path: '/supplier/getProductionBaseOrg', method: 'GET', public: true, request: empty, response: z.array(option), summary: "The buyer's production bases" }),
  supplierGetOrgCodeByProductionBase: endpoint({ path: '/supplier/getOrgCodeByProductionBase', method: 'GET', public: true, request: z.object({ productionBase: z.string().trim().min(1, { error: 'required' }).max(40, { error: 'tooLong' }) }), response: z.array(option), summary: 'Departments of a production base' }),

  commonGetSelectCodeCommonData: endpoint({ path: '/common/getSelectCodeCommonData', method: 'GET', public: true, request: dictionaryRequest, response: z.array(option), summary: 'A dictionary (currency, cooperation intention, ...) in the request language' }),

  fileUpload: endpoint({ path: '/file/upload', method: 'POST', public: true, body: 'multipart', request: z.unknown(), response: uploadResponse, summary: 'Upload one file (multipart field `file`, at most 50 MB)' }),
  fileDownload: endpoint({ path: '/file/download', method: 'POST', public: true, body: 'form', binary: true, request: downloadRequest, response: z.unknown(), summary: 'Download a file by its path (owner or public documents only)' }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type RequestOf<E extends Endpoint> = z.input<E['request']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

/** Paths a request may go to without a token. */
export const PUBLIC_PATHS = (Object.values(endpoints) as Endpoint[])
  .filter((e) => e.public)
  .map((e) => e.path);

/** Fills `{param}` segments of a path. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}
