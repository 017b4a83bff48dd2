import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { NewCommunicationForm } from '@/features/communication/components/new-communication-form';
import { PageHeader } from '@/ui/page-header';
import { searchText } from '@/ui/url-search';

/**
 * `sourceNo`: the tender a thread is started from (tender management links here with it).
 * `mend`: a new thread the bid service refused, opened in the form to correct and send again.
 */
interface NewCommunicationSearch {
  sourceNo?: string;
  mend?: string;
}

export const Route = createFileRoute('/platform/communicateRecord/new')({
  validateSearch: (raw: Record<string, unknown>): NewCommunicationSearch => {
    // A hand-typed `?sourceNo=2026` arrives parsed as a number.
    const no = typeof raw.sourceNo === 'string' || typeof raw.sourceNo === 'number' ? String(raw.sourceNo).trim() : '';
    const mend = searchText(raw.mend, 64);
    return { ...(no ? { sourceNo: no.slice(0, 64) } : {}), ...(mend ? { mend } : {}) };
  },
  component: NewCommunicationPage,
});

function NewCommunicationPage() {
  const { t } = useLingui();
  const { sourceNo = '', mend } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { supplierId } = Route.useRouteContext().session;

  return (
    <>
      <PageHeader
        title={t`发起沟通`}
        description={t`向采购方提出问题，回复会显示在沟通记录中。`}
        actions={
          <Link to="/platform/communicateRecord" className="btn btn-secondary">
            <Trans>返回列表</Trans>
          </Link>
        }
      />
      <div className="card">
        <NewCommunicationForm
          key={`${sourceNo}|${mend ?? ''}`}
          supplierId={supplierId}
          sourceNo={sourceNo}
          mend={mend}
          onQueued={() => void navigate({ to: '/platform/communicateRecord' })}
        />
      </div>
    </>
  );
}
