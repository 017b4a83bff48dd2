import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { EntryStatus, OutboxCall } from '@/offline/db';

export const STATUS_LABEL: Record<EntryStatus, MessageDescriptor> = {
  queued: msg`待发送`,
  sending: msg`发送中`,
  paused: msg`已暂停（请重新登录）`,
  failed: msg`发送失败`,
};

export const STATUS_BADGE: Record<EntryStatus, string> = {
  queued: 'badge',
  sending: 'badge badge-green',
  paused: 'badge badge-amber',
  failed: 'badge badge-red',
};

export const CALL_LABEL: Record<OutboxCall, MessageDescriptor> = {
  communicationSave: msg`新建沟通`,
  communicationReply: msg`沟通回复`,
  h5SavePersonnelEntity: msg`访客信息`,
};
