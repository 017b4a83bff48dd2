import type { HomeMessage, TodoItem } from '@contract/schemas/home';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The "content" column (SPEC.md section 2): one sentence per kind in the supplier's language,
 * with the note the bid service sends (a round number, a result, the buyer's reason).
 */
export function todoContent(i18n: I18n, item: Pick<TodoItem, 'kind' | 'note'>): string {
  const note = item.note.trim();
  switch (item.kind) {
    case 'depositDue':
      return i18n._(msg`请在截止时间前缴纳投标保证金`);
    case 'bidDue':
      return i18n._(msg`保证金已确认，请上传投标文件和物料清单`);
    case 'quoteDue':
      return note ? i18n._(msg`请提交第 ${note} 轮报价`) : i18n._(msg`请提交报价`);
    case 'communicationReplied':
      return i18n._(msg`采购方已回复，请查看并答复`);
    case 'visitReturned':
      return note ? i18n._(msg`参观申请被退回（原因：${note}），请修改后重新提交`) : i18n._(msg`参观申请被退回，请修改后重新提交`);
  }
}

export function messageContent(i18n: I18n, message: Pick<HomeMessage, 'kind' | 'note'>): string {
  const note = message.note.trim();
  switch (message.kind) {
    case 'depositConfirmed':
      return i18n._(msg`采购方已确认您的投标保证金`);
    case 'depositRejected':
      return note ? i18n._(msg`投标保证金被退回（原因：${note}），请重新缴纳`) : i18n._(msg`投标保证金被退回，请重新缴纳`);
    case 'resultAnnounced':
      return note === 'won'
        ? i18n._(msg`评标结果已公布：恭喜，您已中标`)
        : note === 'lost'
          ? i18n._(msg`评标结果已公布：很遗憾，您未中标`)
          : i18n._(msg`评标结果已公布`);
    case 'depositRefunded':
      return i18n._(msg`投标保证金已退还`);
    case 'enquiryNew':
      return i18n._(msg`您收到一份新的询价单`);
    case 'roundOpened':
      return note ? i18n._(msg`采购方已开启第 ${note} 轮议价`) : i18n._(msg`采购方已开启新一轮议价`);
    case 'communicationReplied':
      return i18n._(msg`采购方回复了您的沟通`);
    case 'visitApproved':
      return i18n._(msg`参观申请已通过审核`);
    case 'visitReturned':
      return note ? i18n._(msg`参观申请被退回（原因：${note}）`) : i18n._(msg`参观申请被退回`);
  }
}
