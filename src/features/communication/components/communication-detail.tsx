import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { StaleDataNotice } from '@/ui/stale-data-notice';
import { useLoadErrorText } from '@/ui/load-error';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { PageSpinner } from '@/ui/spinner';
import { communicationQueryOptions, isNotFound } from '../api/get-communication';
import { CommunicationSummary } from './communication-summary';
import { PendingReplyItems, usePendingReplies, type PendingReplyView } from './pending-replies';
import { ReplyForm } from './reply-form';
import { ReplyTimeline } from './reply-timeline';

const BackLink = () => (
  <Link to="/platform/communicateRecord" className="btn btn-secondary">
    <svg width="16" height="16" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      <path
        fillRule="evenodd"
        d="M12.8 5.2a.75.75 0 0 1 0 1.06L9.06 10l3.74 3.74a.75.75 0 1 1-1.06 1.06l-4.27-4.27a.75.75 0 0 1 0-1.06L11.74 5.2a.75.75 0 0 1 1.06 0Z"
      />
    </svg>
    <Trans>返回列表</Trans>
  </Link>
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

/** One thread: its facts, the reply history (with what still waits in the outbox) and the reply form; `contactName` the supplier's contact, shown on its unsent replies. */
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
  const query = useQuery(communicationQueryOptions(supplierId, id));
  const errorText = useLoadErrorText(query.error);
  const pending = usePendingReplies(supplierId, id);

  if (query.isPending) {
    return (
      <>
        <PageHeader title={t`沟通详情`} actions={<BackLink />} />
        <PageSpinner />
      </>
    );
  }

  const missing = query.isError && isNotFound(query.error);
  // A thread on the device that could not be refreshed stays readable, with a note.
  if (query.isError && (missing || query.data === undefined)) {
    return (
      <>
        <PageHeader title={t`沟通详情`} actions={<BackLink />} />
        <div className="card" role={missing ? undefined : 'alert'}>
          {missing ? (
            <EmptyState title={t`沟通记录不存在`} description={t`该沟通记录不存在，或不属于当前账号。`} />
          ) : (
            <EmptyState
              title={t`沟通记录加载失败`}
              description={errorText}
              action={
                <button type="button" className="btn btn-secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
                  <Trans>重试</Trans>
                </button>
              }
            />
          )}
        </div>
        {missing ? null : <PendingOnly pending={pending} sponsor={contactName} />}
      </>
    );
  }

  const thread = query.data;
  return (
    <>
      <PageHeader title={<span className="break-words">{thread.topic}</span>} actions={<BackLink />} />
      <StaleDataNotice query={query} />
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
  );
}
