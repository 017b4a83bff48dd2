import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '@/ui/page-header';
import { EnquiryList, type EnquiryListProps } from './enquiry-list';

/** /platform/bargaining: the supplier's price enquiries (its texts live in the enquiries catalog). */
export function EnquiryListView(props: EnquiryListProps) {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`询价议价`} description={t`采购方发出的询价单与议价轮次：查看详情、下载询价函并在截止时间前报价。`} />
      <EnquiryList {...props} />
    </>
  );
}
