import type { CommunicationDetail, CommunicationSummary } from '@contract/schemas/communication';

export function summary(n: number, overrides: Partial<CommunicationSummary> = {}): CommunicationSummary {
  return {
    id: `c${n}`,
    questionNo: `GT20261100${String(n).padStart(2, '0')}`,
    topic: `关于纸箱规格的问题 ${n}`,
    priority: 'high',
    sourceNo: n % 2 ? `ZB2026-${n}` : null,
    status: 'awaitingSupplier',
    replyCount: 1,
    createdAt: '2026-03-01T08:00:00+08:00',
    updatedAt: '2026-03-02T09:30:00+08:00',
    ...overrides,
  };
}

export function detail(overrides: Partial<CommunicationDetail> = {}): CommunicationDetail {
  return {
    ...summary(1),
    replies: [
      {
        id: 'r1',
        sponsor: '李四',
        side: 'supplier',
        detail: '请确认纸箱的内径尺寸。',
        attachments: [],
        createdAt: '2026-03-01T08:00:00+08:00',
        receipt: null,
      },
      {
        id: 'r2',
        sponsor: '采购部 王工',
        side: 'buyer',
        detail: '内径以附件图纸为准。',
        attachments: [{ name: '图纸.pdf', url: '/f/1', path: 'files/1.pdf' }],
        createdAt: '2026-03-02T09:30:00+08:00',
        receipt: null,
      },
    ],
    ...overrides,
  };
}
