import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { PageSpinner } from '@/ui/spinner';
import { phonesByNewest, usePasses } from '../use-passes';
import { PassSelect } from './pass-select';
import { VisitList } from './visit-list';
import { VisitorForm } from './visitor-form';

/** /visitor: the form belongs to a pass on this device (the pass is the visitor's credential). */
export function VisitorScreen({ phone, onPhoneChange }: { phone?: string; onPhoneChange: (phone: string) => void }) {
  const { t } = useLingui();
  const { passes } = usePasses();
  if (!passes) return <PageSpinner />;

  const phones = phonesByNewest(passes);
  const current = phone && passes[phone] ? passes[phone] : phones[0] ? passes[phones[0]] : undefined;
  if (!current) {
    return (
      <>
        <PageHeader title={t`访客信息`} />
        <div className="card">
          <EmptyState
            title={t`本机还没有通行码`}
            description={t`填写访客信息前，请先用来访申请中登记的手机号码获取通行码。`}
            action={
              <Link to="/visitLogin" className="btn btn-primary">
                <Trans>获取通行码</Trans>
              </Link>
            }
          />
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={t`访客信息`}
        description={t`信息会先保存在本机，联网后自动提交。`}
        actions={
          <Link to="/visitLogin" className="btn btn-secondary">
            <Trans>查看通行码</Trans>
          </Link>
        }
      />
      <PassSelect passes={passes} phones={phones} value={current.phone} onChange={onPhoneChange} />
      <div className="space-y-4">
        <div className="card">
          <VisitorForm key={current.phone} pass={current} />
        </div>
        <VisitList pass={current} />
      </div>
    </>
  );
}
