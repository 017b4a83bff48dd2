import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '@/ui/page-header';
import { TenderList, type TenderListProps } from './tender-list';

/** /platform/tenderManagement: the supplier's tender records (its texts live in the tenders catalog). */
export function TenderManagementView(props: TenderListProps) {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`投标管理`} description={t`已报名项目的保证金、投标文件与退款。`} />
      <TenderList {...props} />
    </>
  );
}
