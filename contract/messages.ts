import type { Locale } from './locales';

/**
 * The wire vocabulary: every message the bid service answers with and every validation
 * message a rule in `rules.ts` can raise, in the three languages. The portal shows the same
 * texts for the same rules, so a rule's message is written once for both parts.
 */
const catalog = {
  ok: { 'zh-CN': '操作成功', en: 'Success', vie: 'Thành công' },
  invalid: { 'zh-CN': '提交的数据有误，请检查后重试', en: 'Some of the data is invalid, please check and try again', vie: 'Một số dữ liệu không hợp lệ, vui lòng kiểm tra và thử lại' },
  unauthorized: { 'zh-CN': '会话已超时或令牌已过期，请重新登录', en: 'The Session Timed Out Or The Token Expired, Please Log In Again.', vie: 'Phiên đã hết hạn hoặc mã truy cập đã hết hiệu lực, vui lòng đăng nhập lại.' },
  forbidden: { 'zh-CN': '无权执行此操作', en: 'You are not allowed to do this', vie: 'Bạn không có quyền thực hiện thao tác này' },
  notFound: { 'zh-CN': '数据不存在', en: 'The data was not found', vie: 'Không tìm thấy dữ liệu' },
  conflict: { 'zh-CN': '只有待处理状态的数据才能操作', en: 'Only data in pending state can be operated', vie: 'Chỉ có thể thao tác với dữ liệu đang chờ xử lý' },
  tooLarge: { 'zh-CN': '上传文件大小不能超过 50MB', en: 'A file cannot be larger than 50 MB', vie: 'Tệp tải lên không được lớn hơn 50 MB' },
  unsupportedType: { 'zh-CN': '文件类型不正确', en: 'This file type is not accepted', vie: 'Loại tệp không được chấp nhận' },
  tooManyAttempts: { 'zh-CN': '尝试次数过多，请稍后再试', en: 'Too many attempts, please try again later', vie: 'Quá nhiều lần thử, vui lòng thử lại sau' },
  internal: { 'zh-CN': '服务器内部错误，请联系管理员', en: 'Internal error, please contact the administrator', vie: 'Lỗi hệ thống, vui lòng liên hệ quản trị viên' },
  loginFailed: { 'zh-CN': '账号或密码错误，请重试或联系管理员', en: 'Account Or Password Is Incorrect, Please Try Again Or Contact The Administrator', vie: 'Tài khoản hoặc mật khẩu không đúng, vui lòng thử lại hoặc liên hệ quản trị viên' },
  tokenLost: { 'zh-CN': '令牌丢失，请重新登录！', en: 'Token Lost, Please Log In Again!', vie: 'Mất mã truy cập, vui lòng đăng nhập lại!' },
  codeInvalid: { 'zh-CN': '验证码错误或已过期', en: 'The verification code is wrong or has expired', vie: 'Mã xác minh không đúng hoặc đã hết hạn' },
  codeSent: { 'zh-CN': '验证码已发送', en: 'The verification code has been sent', vie: 'Mã xác minh đã được gửi' },
  accountNotFound: { 'zh-CN': '没有与该邮箱或手机号匹配的账号', en: 'No account matches this email or phone', vie: 'Không có tài khoản nào khớp với email hoặc số điện thoại này' },
  usernameTaken: { 'zh-CN': '该账号已被注册', en: 'This account name is already registered', vie: 'Tên tài khoản này đã được đăng ký' },
  creditCodeTaken: { 'zh-CN': '该统一社会信用代码已被注册', en: 'This unified social credit code is already registered', vie: 'Mã tín dụng xã hội thống nhất này đã được đăng ký' },
  wrongOldPassword: { 'zh-CN': '原密码不正确', en: 'The current password is incorrect', vie: 'Mật khẩu hiện tại không đúng' },
  pathRefused: { 'zh-CN': '文件路径不合法', en: 'The file path is not valid', vie: 'Đường dẫn tệp không hợp lệ' },
  fileMissing: { 'zh-CN': '未选择文件', en: 'No file was sent', vie: 'Chưa chọn tệp' },
  // Validation rules
  required: { 'zh-CN': '此项为必填项', en: 'This field is required', vie: 'Trường này là bắt buộc' },
  tooLong: { 'zh-CN': '内容过长', en: 'This text is too long', vie: 'Nội dung quá dài' },
  notANumber: { 'zh-CN': '请输入有效的数字', en: 'Enter a valid number', vie: 'Vui lòng nhập số hợp lệ' },
  phoneInvalid: { 'zh-CN': '请输入正确的手机号码', en: 'Enter a valid mobile number (11 digits starting with 13-19)', vie: 'Vui lòng nhập số di động hợp lệ (11 chữ số, bắt đầu bằng 13-19)' },
  emailInvalid: { 'zh-CN': '请输入正确的邮箱地址', en: 'Enter a valid email address', vie: 'Vui lòng nhập địa chỉ email hợp lệ' },
  creditCodeInvalid: { 'zh-CN': '请输入正确的统一社会信用代码（18 位）', en: 'Enter a valid unified social credit code (18 characters)', vie: 'Vui lòng nhập mã tín dụng xã hội thống nhất hợp lệ (18 ký tự)' },
  usernameInvalid: { 'zh-CN': '账号为 4-32 位字母、数字、下划线、点或短横线', en: 'The account name is 4 to 32 letters, digits, underscores, dots or hyphens', vie: 'Tên tài khoản gồm 4 đến 32 chữ cái, chữ số, dấu gạch dưới, dấu chấm hoặc gạch ngang' },
  passwordInvalid: { 'zh-CN': '密码为 6-12 位，须同时包含字母和数字', en: 'The password is 6 to 12 letters and digits, with at least one of each', vie: 'Mật khẩu gồm 6 đến 12 ký tự, phải có cả chữ và số' },
  passwordMismatch: { 'zh-CN': '两次输入的密码不一致', en: 'The new password and its confirmation differ', vie: 'Mật khẩu mới và xác nhận không khớp' },
  passwordSameAsOld: { 'zh-CN': '新密码不能与原密码相同', en: 'The new password must differ from the current one', vie: 'Mật khẩu mới phải khác mật khẩu hiện tại' },
  dateInvalid: { 'zh-CN': '请输入正确的日期', en: 'Enter a valid date', vie: 'Vui lòng nhập ngày hợp lệ' },
  choiceInvalid: { 'zh-CN': '请选择有效的选项', en: 'Choose one of the offered options', vie: 'Vui lòng chọn một tùy chọn hợp lệ' },
  certificateRequired: { 'zh-CN': '证书文件不能为空', en: 'The certificate file cannot be empty', vie: 'Tệp chứng chỉ không được để trống' },
  codeFormat: { 'zh-CN': '验证码为 6 位数字', en: 'The verification code is 6 digits', vie: 'Mã xác minh gồm 6 chữ số' },
  wayInvalid: { 'zh-CN': '请选择邮箱或手机', en: 'Choose email or phone', vie: 'Vui lòng chọn email hoặc điện thoại' },
  tooManyFiles: { 'zh-CN': '一次最多选择 20 个文件', en: 'At most 20 files can be chosen at once', vie: 'Chỉ được chọn tối đa 20 tệp một lần' },
  certificateNoInvalid: { 'zh-CN': '请输入正确的证件号码', en: 'Enter a valid certificate number', vie: 'Vui lòng nhập số giấy tờ hợp lệ' },
  passInvalid: { 'zh-CN': '通行码无效，请重新获取', en: 'The visit pass is not valid, please get a new one', vie: 'Mã ra vào không hợp lệ, vui lòng lấy mã mới' },
  passExpired: { 'zh-CN': '通行码已过期，请重新获取', en: 'The visit pass has expired, please get a new one', vie: 'Mã ra vào đã hết hạn, vui lòng lấy mã mới' },
  noApprovedVisit: { 'zh-CN': '该手机号没有已审核通过的来访申请', en: 'There is no approved visit for this phone number', vie: 'Không có lịch thăm đã được duyệt cho số điện thoại này' },
  communicationClosed: { 'zh-CN': '该沟通已关闭，不能再回复', en: 'This communication is closed and cannot be replied to', vie: 'Trao đổi này đã đóng, không thể trả lời' },
  inProgress: { 'zh-CN': '相同的请求正在处理中，请稍后重试', en: 'The same request is still being processed, please retry shortly', vie: 'Yêu cầu giống hệt đang được xử lý, vui lòng thử lại sau' },
  uploadIncomplete: { 'zh-CN': '文件尚未上传完成', en: 'The file has not been uploaded completely yet', vie: 'Tệp chưa được tải lên hoàn tất' },
  // Tenders (SPEC.md section 8)
  pastDeadline: { 'zh-CN': '当前日期已超过投标截止时间', en: 'The current date is past the bid deadline', vie: 'Ngày hiện tại đã quá hạn chót dự thầu' },
  dataLost: { 'zh-CN': '数据丢失', en: 'Data lost', vie: 'Dữ liệu đã bị mất' },
  chooseRecordFirst: { 'zh-CN': '请先选择要操作的数据', en: 'Choose the data to operate on first', vie: 'Vui lòng chọn dữ liệu cần thao tác trước' },
  tenderRecordIdMissing: { 'zh-CN': '缺少投标记录 ID', en: 'Missing tender record id', vie: 'Thiếu mã hồ sơ dự thầu' },
  supplierCodeMissing: { 'zh-CN': '缺少供应商编码', en: 'Missing supplier code', vie: 'Thiếu mã nhà cung cấp' },
  paramsLost: { 'zh-CN': '参数丢失，请重试', en: 'Parameters lost, please retry', vie: 'Mất tham số, vui lòng thử lại' },
  moreThanOneBom: { 'zh-CN': '物料清单只能上传一个文件', en: 'Only one bill of materials can be uploaded', vie: 'Chỉ được tải lên một bảng kê vật tư' },
  nonExcel: { 'zh-CN': '非 Excel 文件：物料清单须为 .xls 或 .xlsx', en: 'Not an Excel file: the bill of materials must be .xls or .xlsx', vie: 'Không phải tệp Excel: bảng kê vật tư phải là .xls hoặc .xlsx' },
  requiredUploadMissing: { 'zh-CN': '必填内容未上传', en: 'Required content not uploaded', vie: 'Chưa tải lên nội dung bắt buộc' },
  slipTypeInvalid: { 'zh-CN': '汇款凭证须为图片或 PDF 文件', en: 'The remittance slip must be an image or a PDF', vie: 'Chứng từ chuyển tiền phải là ảnh hoặc tệp PDF' },
  oneFileOnly: { 'zh-CN': '只能上传一个文件', en: 'Only one file can be uploaded here', vie: 'Chỉ được tải lên một tệp' },
  amountInvalid: { 'zh-CN': '请输入大于 0 且最多两位小数的金额', en: 'Enter an amount above 0 with at most two decimals', vie: 'Vui lòng nhập số tiền lớn hơn 0, tối đa hai chữ số thập phân' },
  depositAmountMismatch: { 'zh-CN': '保证金金额须与招标公告要求的金额一致', en: 'The deposit must equal the amount the notice requires', vie: 'Tiền đặt cọc phải bằng số tiền thông báo yêu cầu' },
  paymentDateFuture: { 'zh-CN': '付款日期不能晚于今天', en: 'The payment date cannot be in the future', vie: 'Ngày thanh toán không được ở tương lai' },
  depositAwaitingReview: { 'zh-CN': '保证金已提交，等待采购方确认', en: 'The deposit was submitted and awaits the buyer\'s confirmation', vie: 'Tiền đặt cọc đã được gửi, đang chờ bên mua xác nhận' },
  depositAlreadyConfirmed: { 'zh-CN': '保证金已确认，无需再次缴纳', en: 'The deposit is already confirmed', vie: 'Tiền đặt cọc đã được xác nhận' },
  bidAlreadySubmitted: { 'zh-CN': '投标文件已提交，提交后不能修改', en: 'The bid was submitted and can no longer be edited', vie: 'Hồ sơ dự thầu đã được nộp và không thể sửa' },
  bidNeedsConfirmedDeposit: { 'zh-CN': '保证金确认后才能上传投标文件', en: 'Bid files can be uploaded once the deposit is confirmed', vie: 'Chỉ có thể tải hồ sơ dự thầu lên sau khi tiền đặt cọc được xác nhận' },
  refundAlreadyRequested: { 'zh-CN': '已申请退还保证金，等待采购方处理', en: 'The refund was requested and awaits the buyer', vie: 'Đã yêu cầu hoàn cọc, đang chờ bên mua xử lý' },
  refundAlreadyDone: { 'zh-CN': '保证金已退还', en: 'The deposit was refunded', vie: 'Tiền đặt cọc đã được hoàn trả' },
  refundNotForWinner: { 'zh-CN': '中标保证金转为履约保证金，不予退还', en: 'A winner\'s deposit becomes the performance security and is not refunded', vie: 'Tiền đặt cọc của bên trúng thầu chuyển thành bảo đảm thực hiện hợp đồng, không hoàn trả' },
  refundNoDeposit: { 'zh-CN': '未缴纳保证金，无需退还', en: 'No deposit was paid, so there is nothing to refund', vie: 'Chưa nộp tiền đặt cọc nên không có gì để hoàn trả' },
  refundBeforeResult: { 'zh-CN': '结果公布且未中标后才能申请退还保证金', en: 'A refund can be requested once the result is announced and the bid did not win', vie: 'Chỉ có thể yêu cầu hoàn cọc sau khi công bố kết quả và không trúng thầu' },
  signUpNotAllowed: { 'zh-CN': '当前供应商状态不能报名投标，请完善供应商信息并等待审核', en: 'Your supplier status does not allow signing up for tenders yet: complete your supplier information and wait for approval', vie: 'Trạng thái nhà cung cấp hiện tại chưa thể đăng ký dự thầu: vui lòng hoàn thiện thông tin và chờ phê duyệt' },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof catalog;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(catalog, value);
}

/** The text of a message key in a locale; an unknown key is returned as it is. */
export function message(key: string, locale: Locale): string {
  return isMessageKey(key) ? catalog[key][locale] : key;
}

export const messageKeys = Object.keys(catalog) as MessageKey[];
