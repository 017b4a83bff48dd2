import type { Locale } from './locales';

/**
 * The inquiry letter's layout, written once: the bid service writes the template of an
 * enquiry with it (server/services/inquiry-letter.ts) and the portal reads a filled letter
 * back with it (src/features/enquiry/letter/). The supplier fills the "reply price" column
 * in Excel, offline if it likes, and uploads the file; the portal puts the prices it reads
 * into the quote form for the supplier to check before submitting.
 *
 * One sheet. Rows 1 to LETTER_TABLE_HEADER_ROW - 1 describe the enquiry (label in column A,
 * value in column B); the table's header is row LETTER_TABLE_HEADER_ROW, its lines follow, one
 * per material line, in the column order of LETTER_COLUMNS. A line is matched to the enquiry by
 * its material no (unique within an enquiry), never by its position: a supplier may sort or
 * delete rows. Labels are in the request language; the reader does not depend on them.
 */
export const LETTER_SHEET = 'inquiry';
export const LETTER_TABLE_HEADER_ROW = 8;

export const LETTER_META = ['enquiryNo', 'theme', 'round', 'deadline', 'currency', 'supplier'] as const;
export type LetterMeta = (typeof LETTER_META)[number];

export const LETTER_COLUMNS = [
  'lineNo',
  'materialNo',
  'name',
  'specification',
  'unit',
  'brand',
  'quantity',
  'expectedPrice',
  'targetPrice',
  'latestQuotation',
  'replyPrice',
  'packageSpecification',
] as const;
export type LetterColumn = (typeof LETTER_COLUMNS)[number];

/** 1-based column of a field. */
export const letterColumn = (column: LetterColumn) => LETTER_COLUMNS.indexOf(column) + 1;

export const LETTER_LABELS: Record<LetterMeta | LetterColumn | 'title', Record<Locale, string>> = {
  title: { 'zh-CN': '询价函', en: 'Inquiry letter', vie: 'Thư hỏi giá' },
  enquiryNo: { 'zh-CN': '询价单号', en: 'Enquiry no', vie: 'Số yêu cầu báo giá' },
  theme: { 'zh-CN': '询价主题', en: 'Theme', vie: 'Chủ đề' },
  round: { 'zh-CN': '议价次数', en: 'Bargaining round', vie: 'Vòng thương lượng' },
  deadline: { 'zh-CN': '报价截止时间', en: 'Reply deadline', vie: 'Hạn chót báo giá' },
  currency: { 'zh-CN': '币种', en: 'Currency', vie: 'Tiền tệ' },
  supplier: { 'zh-CN': '供应商', en: 'Supplier', vie: 'Nhà cung cấp' },
  lineNo: { 'zh-CN': '行号', en: 'Line', vie: 'Dòng' },
  materialNo: { 'zh-CN': '物料编码', en: 'Material no', vie: 'Mã vật tư' },
  name: { 'zh-CN': '物料名称', en: 'Name', vie: 'Tên vật tư' },
  specification: { 'zh-CN': '规格型号', en: 'Specification', vie: 'Quy cách' },
  unit: { 'zh-CN': '单位', en: 'Unit', vie: 'Đơn vị' },
  brand: { 'zh-CN': '品牌', en: 'Brand', vie: 'Thương hiệu' },
  quantity: { 'zh-CN': '预估数量', en: 'Estimated quantity', vie: 'Số lượng dự kiến' },
  expectedPrice: { 'zh-CN': '期望价格', en: 'Expected price', vie: 'Giá mong muốn' },
  targetPrice: { 'zh-CN': '目标价格', en: 'Target price', vie: 'Giá mục tiêu' },
  latestQuotation: { 'zh-CN': '最新报价', en: 'Latest quotation', vie: 'Báo giá gần nhất' },
  replyPrice: { 'zh-CN': '回复价格（请填写）', en: 'Reply price (fill in)', vie: 'Giá trả lời (vui lòng điền)' },
  packageSpecification: { 'zh-CN': '包装规格', en: 'Package specification', vie: 'Quy cách đóng gói' },
};
