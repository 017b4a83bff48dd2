/**
 * What a call is on the wire, without its schemas: path, method, whether it needs a token,
 * how its body travels. The portal's request layer needs only this, so it stays free of zod;
 * `endpoints.ts` adds the schemas for the bid service, the forms and the OpenAPI document.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallMeta {
  /** May hold `{param}` segments, filled from the request's params. */
  path: string;
  method: Method;
  /** Public calls need no token (SPEC.md section 7); others are refused without one. */
  public: boolean;
  /** `json` by default; `multipart` for uploads; `form` for form-encoded bodies. */
  body?: 'json' | 'multipart' | 'form';
  /** The answer is a file, not an envelope (on success). */
  binary?: boolean;
  /**
   * Reads data a screen shows. A screen that shows a read has something to stand in when it
   * fails: the answer stored on the device, or its own failed state with a retry. So a read's
   * network failure never raises the blocking alert (src/api/network-policy.ts), and the service
   * worker keeps the public reads' answers for offline use (src/offline/public-store.ts).
   */
  read?: true;
  summary: string;
}

function named<T extends Record<string, CallMeta>>(defs: T): { [K in keyof T]: T[K] & { name: K } } {
  return Object.fromEntries(Object.entries(defs).map(([name, meta]) => [name, { ...meta, name }])) as never;
}

export const calls = named({
  businessListByPage: {
    path: '/business/listByPage',
    method: 'POST',
    public: true,
    read: true,
    summary: 'Public bidding (0) or purchasing (1) notices, searched and paged',
  },
  businessGetById: { path: '/business/getById', method: 'POST', public: true, read: true, summary: 'One public notice with its details' },
  businessGetByProvinceCode: {
    path: '/business/getByProvinceCode',
    method: 'GET',
    public: true,
    read: true,
    summary: 'Provinces, or the cities of a province',
  },
  businessGetCityModelByCityCode: {
    path: '/business/getCityModelByCityCode',
    method: 'GET',
    public: true,
    read: true,
    summary: 'A city with its province',
  },

  supplierLogin: { path: '/supplier/login', method: 'POST', public: true, summary: 'Log in; answers a token' },
  supplierLogout: { path: '/supplier/logout', method: 'POST', public: false, summary: 'Revoke the current token' },
  supplierGetByToken: {
    path: '/supplier/getByToken',
    method: 'POST',
    public: false,
    read: true,
    summary: 'Session check: the supplier behind the token',
  },
  supplierGetById: {
    path: '/supplier/getById/{supplierId}',
    method: 'GET',
    public: false,
    read: true,
    summary: 'Supplier details (own record only)',
  },
  supplierSave: { path: '/supplier/save', method: 'POST', public: true, summary: 'Register a supplier (starts in status A101)' },
  supplierUpdate: { path: '/supplier/update', method: 'POST', public: false, summary: 'Update the supplier information' },
  supplierChangePwd: {
    path: '/supplier/changePwd',
    method: 'POST',
    public: false,
    summary: 'Change password; every token of the account is revoked',
  },
  supplierForgetPwd: { path: '/supplier/forgetPwd', method: 'POST', public: true, summary: 'Reset a password with a verification code' },
  supplierGetCheckCode: {
    path: '/supplier/getCheckCode',
    method: 'POST',
    public: true,
    summary: 'Send a verification code by mail or phone',
  },
  supplierGetProductionBaseOrg: {
    path: '/supplier/getProductionBaseOrg',
    method: 'GET',
    public: true,
    read: true,
    summary: "The buyer's production bases",
  },
  supplierGetOrgCodeByProductionBase: {
    path: '/supplier/getOrgCodeByProductionBase',
    method: 'GET',
    public: true,
    read: true,
    summary: 'Departments of a production base',
  },

  supplierQuerySelectCodeData: {
    path: '/supplier/querySelectCodeData',
    method: 'GET',
    public: true,
    read: true,
    summary: 'A dictionary, as /common/getSelectCodeCommonData (the supplier area path)',
  },
  supplierGetSysDictCommonData: {
    path: '/supplier/getSysDictCommonData',
    method: 'GET',
    public: true,
    read: true,
    summary: 'Several dictionaries in one call, keyed by type',
  },
  supplierSysLoginUserCounterpart: {
    path: '/supplier/sysLoginUserCounterpart',
    method: 'GET',
    public: true,
    read: true,
    summary: "The buyer's staff accounts a supplier deals with (the registration form's counterpart account)",
  },

  commonGetSelectCodeCommonData: {
    path: '/common/getSelectCodeCommonData',
    method: 'GET',
    public: true,
    read: true,
    summary: 'A dictionary (currency, cooperation intention, ...) in the request language',
  },
  commonGetSelectCodeCommonDataSmart: {
    path: '/common/getSelectCodeCommonDataSmart',
    method: 'GET',
    public: true,
    read: true,
    summary: 'A dictionary filtered by a typed keyword (code or label)',
  },
  commonGetOrgCodeByProductionBase: {
    path: '/common/getOrgCodeByProductionBase',
    method: 'GET',
    public: true,
    read: true,
    summary: 'Departments of a production base, as /supplier/getOrgCodeByProductionBase',
  },

  fileUpload: {
    path: '/file/upload',
    method: 'POST',
    public: true,
    body: 'multipart',
    summary: 'Upload one file (multipart field `file`, at most 50 MB)',
  },
  fileUploadTsFile: {
    path: '/file/uploadTsFile',
    method: 'POST',
    public: false,
    body: 'multipart',
    summary: "Upload one file as the logged-in supplier's own (multipart field `file`, at most 50 MB; the answer of /file/upload)",
  },
  sysFilerRestUploadFile: {
    path: '/sys-service/rest/filerRest/uploadFile',
    method: 'POST',
    public: true,
    body: 'multipart',
    summary: "The platform file service's upload path: /file/upload under its other name",
  },
  fileTusComplete: {
    path: '/file/tusComplete',
    method: 'POST',
    public: true,
    summary: 'The descriptor of a finished tus upload (the same `data.filename` as /file/upload)',
  },
  receiptKeys: {
    path: '/receipt/keys',
    method: 'GET',
    public: true,
    read: true,
    summary: 'The keys receipts are signed with (Ed25519), current and retired, as a JWK Set: anyone can check a receipt with them',
  },
  receiptCheck: {
    path: '/receipt/check',
    method: 'POST',
    public: true,
    summary: "Checks a receipt's signature against this service's keys and, when its files are given, its list of files",
  },
  fileDownload: {
    path: '/file/download',
    method: 'POST',
    public: true,
    body: 'form',
    binary: true,
    summary: 'Download a file by its path (owner or public documents only)',
  },

  communicationListByPage: {
    path: '/communication/listByPage',
    method: 'POST',
    public: false,
    read: true,
    summary: "The supplier's communication threads, searched and paged (status A104)",
  },
  communicationGetById: {
    path: '/communication/getById',
    method: 'POST',
    public: false,
    read: true,
    summary: 'One thread with its reply history',
  },
  communicationSave: {
    path: '/communication/save',
    method: 'POST',
    public: false,
    summary: 'Start a thread (idempotent with Idempotency-Key)',
  },
  communicationReply: {
    path: '/communication/reply',
    method: 'POST',
    public: false,
    summary: 'Reply to a thread (idempotent with Idempotency-Key)',
  },

  tenderSignUp: {
    path: '/tender/signUp',
    method: 'POST',
    public: false,
    summary: 'Sign up for a notice before its cut-off time (status A104 or A141); twice answers the same record',
  },
  tenderListByPage: {
    path: '/tender/listByPage',
    method: 'POST',
    public: false,
    read: true,
    summary: "The supplier's tender records, searched and paged",
  },
  tenderGetById: {
    path: '/tender/getById',
    method: 'POST',
    public: false,
    read: true,
    summary: 'One tender record with its deposit, bid and refund',
  },
  tenderPayDeposit: {
    path: '/tender/payDeposit',
    method: 'POST',
    public: false,
    summary: 'Declare the deposit paid, with the remittance slip (idempotent with Idempotency-Key)',
  },
  tenderSubmitBid: {
    path: '/tender/submitBid',
    method: 'POST',
    public: false,
    summary: 'Submit the bid documents, certificates and bill of materials before the cut-off time (idempotent)',
  },
  tenderReplaceBid: {
    path: '/tender/replaceBid',
    method: 'POST',
    public: false,
    summary: 'Replace the bid that stands with a new version before the cut-off time; the earlier one is kept, superseded (idempotent)',
  },
  tenderWithdrawBid: {
    path: '/tender/withdrawBid',
    method: 'POST',
    public: false,
    summary: 'Withdraw the bid that stands before the cut-off time; the record may take a new bid (idempotent)',
  },
  tenderApplyRefund: {
    path: '/tender/applyRefund',
    method: 'POST',
    public: false,
    summary: 'Ask for the deposit back after losing (idempotent with Idempotency-Key)',
  },
  tenderAskQuestion: {
    path: '/tender/askQuestion',
    method: 'POST',
    public: false,
    summary: "Ask the buyer a question about a notice signed up for, before the notice's questions close (idempotent with Idempotency-Key)",
  },
  tenderListQuestions: {
    path: '/tender/listQuestions',
    method: 'POST',
    public: false,
    read: true,
    summary: "A notice's questions as a supplier signed up for it sees them: its own, and every answer made public; newest first",
  },

  enquiryListByPage: {
    path: '/enquiry/listByPage',
    method: 'POST',
    public: false,
    read: true,
    summary: "The supplier's price enquiries, searched, filtered and paged (every status but A101)",
  },
  enquiryGetById: {
    path: '/enquiry/getById',
    method: 'POST',
    public: false,
    read: true,
    summary: 'One enquiry with its lines, rounds and the quotes of this supplier',
  },
  enquiryQuote: {
    path: '/enquiry/quote',
    method: 'POST',
    public: false,
    summary: 'Quote every line for the current round before its deadline (idempotent with Idempotency-Key)',
  },
  enquiryDownloadTemplate: {
    path: '/enquiry/downloadTemplate',
    method: 'POST',
    public: false,
    binary: true,
    summary: 'The inquiry-letter template of an enquiry (.xlsx with its lines, in the request language)',
  },

  visitApplyListByPage: {
    path: '/visitApply/listByPage',
    method: 'POST',
    public: false,
    read: true,
    summary: "The supplier's visit applications, searched, filtered by review status and paged (every status)",
  },
  visitApplyGetById: {
    path: '/visitApply/getById',
    method: 'POST',
    public: false,
    read: true,
    summary: 'One visit application with its visitors, files, insurance and review',
  },
  visitApplySave: {
    path: '/visitApply/save',
    method: 'POST',
    public: false,
    summary: 'Create and submit a visit application; it cannot be edited afterwards (idempotent with Idempotency-Key)',
  },
  visitApplyWithdraw: {
    path: '/visitApply/withdraw',
    method: 'POST',
    public: false,
    summary: 'Withdraw a visit application while it is pending review (idempotent with Idempotency-Key)',
  },

  homeTodoList: {
    path: '/home/todoList',
    method: 'POST',
    public: false,
    read: true,
    summary: 'What the supplier must act on, ordered by deadline, with the to-do counts per menu entry and the unread messages',
  },
  homeMessageList: {
    path: '/home/messageList',
    method: 'POST',
    public: false,
    read: true,
    summary: "What happened to the supplier's records, newest first, paged, with unread marks",
  },
  homeMarkRead: {
    path: '/home/markRead',
    method: 'POST',
    public: false,
    summary: 'Mark the named messages (or all) read; answers the unread count',
  },

  h5GetVerificationCodeByPhone: {
    path: '/h5/getVerificationCodeByPhone',
    method: 'POST',
    public: true,
    summary: 'Send a visitor a verification code by SMS (only to a phone with an approved visit)',
  },
  h5GetQrByPhoneAndVerificationCode: {
    path: '/h5/getQrByPhoneAndVerificationCode',
    method: 'POST',
    public: true,
    summary: 'Exchange phone and code for the signed visit pass (the QR content)',
  },
  h5GetValidItemByVisitorId: {
    path: '/h5/getValidItemByVisitorId',
    method: 'POST',
    public: true,
    read: true,
    summary: "The pass holder's approved visits that have not ended",
  },
  h5GetVisitPersonEntity: {
    path: '/h5/getVisitPersonEntity',
    method: 'POST',
    public: true,
    read: true,
    summary: "The pass holder's visitor information, or null",
  },
  h5SavePersonnelEntity: {
    path: '/h5/savePersonnelEntity',
    method: 'POST',
    public: true,
    summary: "Save the pass holder's visitor information (idempotent with Idempotency-Key)",
  },
  h5VerifyQr: {
    path: '/h5/verifyQr',
    method: 'POST',
    public: true,
    summary: 'Check a scanned QR: signature and validity window (for the gate)',
  },
});

type Calls = typeof calls;
export type CallName = keyof Calls;

/** Fills `{param}` segments of a path. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}
