import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '@/ui/page-header';
import { BackLink, RecordStates } from '@/ui/record-states';
import { communicationQueryOptions, isNotFound } from '../api/get-communication';
import { CommunicationSummary } from './communication-summary';
import { PendingReplyItems, usePendingReplies, type PendingReplyView } from './pending-replies';
import { ReplyForm } from './reply-form';
import { ReplyTimeline } from './reply-timeline';

const backToList = (
  <BackLink to="/platform/communicateRecord">
    <Trans>返回列表</Trans>
  </BackLink>
);

/** Unsent replies stay visible even when the thread itself cannot be loaded (offline, never opened here before). */
function PendingOnly({ pending, sponsor }: { pending: PendingReplyView; sponsor: string }) {
  if (pending.entries.length === 0) return null;
  return (
    <section className="card mt-4" aria-labelledby="pending-replies-title">
      <h2 id="pending-replies-title" className="mb-4">
        <Trans>待发送的回复</Trans>
      </h2>
      <ReplyTimeline replies={[]} pending={<PendingReplyItems {...pending} sponsor={sponsor} />} />
    </section>
  );
}

/**
 * One thread: its facts, the reply history (with what still waits in the outbox) and the reply form;
 * `contactName` the supplier's contact, shown on its unsent replies.
 */
export function CommunicationDetailView({
  supplierId,
  contactName,
  id,
  mend,
}: {
  supplierId: string;
  contactName: string;
  id: string;
  mend?: string | undefined;
}) {
  const { t } = useLingui();
  const pending = usePendingReplies(supplierId, id);
  return (
    <RecordStates
      query={useQuery(communicationQueryOptions(supplierId, id))}
      frame={(content) => (
        <>
          <PageHeader title={t`沟通详情`} actions={backToList} />
          {content}
        </>
      )}
      isMissing={isNotFound}
      missing={{ title: t`沟通记录不存在`, description: t`该沟通记录不存在，或不属于当前账号。` }}
      failedTitle={t`沟通记录加载失败`}
      afterFailure={<PendingOnly pending={pending} sponsor={contactName} />}
    >
      {(thread, staleNote) => (
        <>
          <PageHeader title={<span className="break-words">{thread.topic}</span>} actions={backToList} />
          {staleNote}
          <div className="space-y-4 sm:space-y-6">
            <section className="card" aria-label={t`沟通概要`}>
              <CommunicationSummary thread={thread} />
            </section>
            <section className="card" aria-labelledby="history-title">
              <h2 id="history-title" className="mb-4">
                <Trans>回复记录</Trans>
              </h2>
              <ReplyTimeline replies={thread.replies} pending={<PendingReplyItems {...pending} sponsor={contactName} />} />
            </section>
            {thread.status === 'closed' ? (
              <p className="card text-sm text-slate-600">
                <Trans>该沟通已由采购方关闭，不能继续回复。如有新问题，请发起新的沟通。</Trans>
              </p>
            ) : (
              <section className="card">
                <ReplyForm
                  key={`${thread.id}|${mend ?? ''}`}
                  supplierId={supplierId}
                  communicationId={thread.id}
                  questionNo={thread.questionNo}
                  mend={mend}
                />
              </section>
            )}
          </div>
        </>
      )}
    </RecordStates>
  );
}
