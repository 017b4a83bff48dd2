import type { BidDetail } from '@contract/schemas/tender';
import { Trans } from '@lingui/react/macro';
import { DateTime } from '@/ui/date-time';
import { InfoList } from '@/ui/info-list';
import { FileList } from './tender-cells';

/**
 * What a replacement replaces, above the bid form in replace mode: the version that stands and
 * its files, so the supplier can see what it corrects. The new version is the whole bid again
 * (its files are chosen on this device; those of the standing version stay on the bid service).
 */
export function ReplacedBidNote({ bid }: { bid: BidDetail }) {
  const version = bid.version;
  return (
    <section aria-labelledby="bid-replaced" className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm">
      <h2 id="bid-replaced" className="text-base font-medium text-slate-900">
        <Trans>当前有效：第 {version} 版</Trans>
      </h2>
      <p className="mt-1 text-slate-600">
        <Trans>请上传完整的新版本（投标文件、证书和物料清单）。提交后，第 {version} 版会保留在记录中，不再有效。</Trans>
      </p>
      <div className="mt-3">
        <InfoList
          items={[
            { label: <Trans>提交时间</Trans>, value: <DateTime value={bid.submittedAt} /> },
            { label: <Trans>投标文件</Trans>, value: <FileList files={bid.bidDocuments} />, wide: true },
            ...bid.certificates.map((group) => ({ label: group.name, value: <FileList files={group.files} />, wide: true })),
            { label: <Trans>物料清单</Trans>, value: <FileList files={[bid.billOfMaterials]} /> },
          ]}
        />
      </div>
    </section>
  );
}
