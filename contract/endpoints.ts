import { z } from './zod';
import { calls, type CallMeta, type CallName } from './calls';
import { requiredText } from './rules';
import { cityModel, cityModelRequest, getByIdRequest, listByPageRequest, noticeDetail, noticePage, regionRequest } from './schemas/notice';
import { dictionaryRequest, empty, nothing, option, page } from './schemas/common';
import { counterpart, counterpartRequest, dictionaries, dictionariesRequest, dictionarySearchRequest } from './schemas/reference';
import {
  communicationDetail,
  communicationGetByIdRequest,
  communicationListRequest,
  communicationReply,
  communicationReplyRequest,
  communicationSaveRequest,
  communicationSummary,
} from './schemas/communication';
import {
  tenderApplyRefundRequest,
  tenderGetByIdRequest,
  tenderListRequest,
  tenderPayDepositRequest,
  tenderRecordDetail,
  tenderRecordPage,
  tenderSignUpRequest,
  tenderSubmitBidRequest,
  tenderReplaceBidRequest,
  tenderWithdrawBidRequest,
} from './schemas/tender';
import { tenderAskQuestionRequest, tenderListQuestionsRequest, tenderQuestion, tenderQuestionList } from './schemas/question';
import {
  enquiryDetail,
  enquiryGetByIdRequest,
  enquiryListRequest,
  enquiryPage,
  enquiryQuoteRequest,
  enquiryTemplateRequest,
} from './schemas/enquiry';
import { markReadRequest, markReadResponse, messageListRequest, messagePage, todoListRequest, todoPage } from './schemas/home';
import {
  visitApplicationDetail,
  visitApplicationPage,
  visitApplyGetByIdRequest,
  visitApplyListRequest,
  visitApplySaveRequest,
  visitApplyWithdrawRequest,
} from './schemas/visit';
import { downloadRequest, tusCompleteRequest, uploadResponse } from './schemas/file';
import { receiptCheckRequest, receiptCheckResponse, receiptKeySet } from './schemas/receipt';
import {
  passRequest,
  savePersonRequest,
  verifyQrRequest,
  verifyQrResponse,
  visitItem,
  visitItemsRequest,
  visitorCodeRequest,
  visitorPersonFields,
  visitorQrRequest,
  visitPass,
} from './schemas/visitor';
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

export { fillPath } from './calls';

/** A call of the wire contract with its schemas (`calls.ts` holds the rest). */
export interface Endpoint<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
> extends CallMeta {
  name: string;
  request: Req;
  response: Res;
  params?: Params;
}

const productionBaseRequest = z.object({ productionBase: requiredText(40) });

export const endpoints = {
  businessListByPage: { ...calls.businessListByPage, request: listByPageRequest, response: noticePage },
  businessGetById: { ...calls.businessGetById, request: getByIdRequest, response: noticeDetail },
  businessGetByProvinceCode: { ...calls.businessGetByProvinceCode, request: regionRequest, response: z.array(option) },
  businessGetCityModelByCityCode: { ...calls.businessGetCityModelByCityCode, request: cityModelRequest, response: cityModel },

  supplierLogin: { ...calls.supplierLogin, request: loginRequest, response: loginResponse },
  supplierLogout: { ...calls.supplierLogout, request: logoutRequest, response: nothing },
  supplierGetByToken: { ...calls.supplierGetByToken, request: empty, response: supplier },
  supplierGetById: { ...calls.supplierGetById, request: empty, params: supplierIdParams, response: supplier },
  supplierSave: { ...calls.supplierSave, request: registerRequest, response: z.object({ supplierId: z.string() }) },
  supplierUpdate: { ...calls.supplierUpdate, request: updateRequest, response: supplier },
  supplierChangePwd: { ...calls.supplierChangePwd, request: changePwdRequest, response: nothing },
  supplierForgetPwd: { ...calls.supplierForgetPwd, request: forgetPwdRequest, response: nothing },
  supplierGetCheckCode: {
    ...calls.supplierGetCheckCode,
    request: getCheckCodeRequest,
    response: z.object({ resendAfterSeconds: z.number().int() }),
  },
  supplierGetProductionBaseOrg: { ...calls.supplierGetProductionBaseOrg, request: empty, response: z.array(option) },
  supplierGetOrgCodeByProductionBase: {
    ...calls.supplierGetOrgCodeByProductionBase,
    request: productionBaseRequest,
    response: z.array(option),
  },

  supplierQuerySelectCodeData: { ...calls.supplierQuerySelectCodeData, request: dictionaryRequest, response: z.array(option) },
  supplierGetSysDictCommonData: { ...calls.supplierGetSysDictCommonData, request: dictionariesRequest, response: dictionaries },
  supplierSysLoginUserCounterpart: {
    ...calls.supplierSysLoginUserCounterpart,
    request: counterpartRequest,
    response: z.array(counterpart),
  },
  commonGetSelectCodeCommonData: { ...calls.commonGetSelectCodeCommonData, request: dictionaryRequest, response: z.array(option) },
  commonGetSelectCodeCommonDataSmart: {
    ...calls.commonGetSelectCodeCommonDataSmart,
    request: dictionarySearchRequest,
    response: z.array(option),
  },
  commonGetOrgCodeByProductionBase: {
    ...calls.commonGetOrgCodeByProductionBase,
    request: productionBaseRequest,
    response: z.array(option),
  },

  fileUpload: { ...calls.fileUpload, request: z.unknown(), response: uploadResponse },
  fileUploadTsFile: { ...calls.fileUploadTsFile, request: z.unknown(), response: uploadResponse },
  sysFilerRestUploadFile: { ...calls.sysFilerRestUploadFile, request: z.unknown(), response: uploadResponse },
  fileTusComplete: { ...calls.fileTusComplete, request: tusCompleteRequest, response: uploadResponse },
  fileDownload: { ...calls.fileDownload, request: downloadRequest, response: z.unknown() },
  receiptKeys: { ...calls.receiptKeys, request: empty, response: receiptKeySet },
  receiptCheck: { ...calls.receiptCheck, request: receiptCheckRequest, response: receiptCheckResponse },

  communicationListByPage: { ...calls.communicationListByPage, request: communicationListRequest, response: page(communicationSummary) },
  communicationGetById: { ...calls.communicationGetById, request: communicationGetByIdRequest, response: communicationDetail },
  communicationSave: { ...calls.communicationSave, request: communicationSaveRequest, response: communicationDetail },
  communicationReply: { ...calls.communicationReply, request: communicationReplyRequest, response: communicationReply },

  tenderSignUp: { ...calls.tenderSignUp, request: tenderSignUpRequest, response: tenderRecordDetail },
  tenderListByPage: { ...calls.tenderListByPage, request: tenderListRequest, response: tenderRecordPage },
  tenderGetById: { ...calls.tenderGetById, request: tenderGetByIdRequest, response: tenderRecordDetail },
  tenderPayDeposit: { ...calls.tenderPayDeposit, request: tenderPayDepositRequest, response: tenderRecordDetail },
  tenderSubmitBid: { ...calls.tenderSubmitBid, request: tenderSubmitBidRequest, response: tenderRecordDetail },
  tenderReplaceBid: { ...calls.tenderReplaceBid, request: tenderReplaceBidRequest, response: tenderRecordDetail },
  tenderWithdrawBid: { ...calls.tenderWithdrawBid, request: tenderWithdrawBidRequest, response: tenderRecordDetail },
  tenderApplyRefund: { ...calls.tenderApplyRefund, request: tenderApplyRefundRequest, response: tenderRecordDetail },
  tenderAskQuestion: { ...calls.tenderAskQuestion, request: tenderAskQuestionRequest, response: tenderQuestion },
  tenderListQuestions: { ...calls.tenderListQuestions, request: tenderListQuestionsRequest, response: tenderQuestionList },

  enquiryListByPage: { ...calls.enquiryListByPage, request: enquiryListRequest, response: enquiryPage },
  enquiryGetById: { ...calls.enquiryGetById, request: enquiryGetByIdRequest, response: enquiryDetail },
  enquiryQuote: { ...calls.enquiryQuote, request: enquiryQuoteRequest, response: enquiryDetail },
  enquiryDownloadTemplate: { ...calls.enquiryDownloadTemplate, request: enquiryTemplateRequest, response: z.unknown() },
  visitApplyListByPage: { ...calls.visitApplyListByPage, request: visitApplyListRequest, response: visitApplicationPage },
  visitApplyGetById: { ...calls.visitApplyGetById, request: visitApplyGetByIdRequest, response: visitApplicationDetail },
  visitApplySave: { ...calls.visitApplySave, request: visitApplySaveRequest, response: visitApplicationDetail },
  visitApplyWithdraw: { ...calls.visitApplyWithdraw, request: visitApplyWithdrawRequest, response: visitApplicationDetail },
  homeTodoList: { ...calls.homeTodoList, request: todoListRequest, response: todoPage },
  homeMessageList: { ...calls.homeMessageList, request: messageListRequest, response: messagePage },
  homeMarkRead: { ...calls.homeMarkRead, request: markReadRequest, response: markReadResponse },
  h5GetVerificationCodeByPhone: {
    ...calls.h5GetVerificationCodeByPhone,
    request: visitorCodeRequest,
    response: z.object({ resendAfterSeconds: z.number().int() }),
  },
  h5GetQrByPhoneAndVerificationCode: { ...calls.h5GetQrByPhoneAndVerificationCode, request: visitorQrRequest, response: visitPass },
  h5GetValidItemByVisitorId: { ...calls.h5GetValidItemByVisitorId, request: visitItemsRequest, response: z.array(visitItem) },
  h5GetVisitPersonEntity: { ...calls.h5GetVisitPersonEntity, request: passRequest, response: visitorPersonFields.nullable() },
  h5SavePersonnelEntity: { ...calls.h5SavePersonnelEntity, request: savePersonRequest, response: visitorPersonFields },
  h5VerifyQr: { ...calls.h5VerifyQr, request: verifyQrRequest, response: verifyQrResponse },
} as const satisfies { [K in CallName]: Endpoint };

type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
/** What a call takes and answers, by name: the portal imports these as types only. */
export type RequestOf<N extends EndpointName> = z.input<Endpoints[N]['request']>;
export type ResponseOf<N extends EndpointName> = z.output<Endpoints[N]['response']>;
