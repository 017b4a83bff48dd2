import type { BidVersion } from '@contract/schemas/tender';
import { Trans, useLingui } from '@lingui/react/macro';
import { DateTime } from '@/ui/date-time';
import { ScrollRegion } from '@/ui/scroll-region';

/** "第 N 版": a version of a bid, as every screen of the record names it. */
export const VersionNumber = ({ version }: { version: number }) => <Trans>第 {version} 版</Trans>;

/** Where one version stands, and since when it no longer does. */
function VersionState({ version }: { version: BidVersion }) {
  const closed = version.closedAt ? <DateTime value={version.closedAt} /> : null;
  switch (version.status) {
    case 'standing':
      return (
        <span className="badge badge-green">
          <Trans>当前有效</Trans>
        </span>
      );
    case 'superseded':
      return closed ? <Trans>已被替换（{closed}）</Trans> : <Trans>已被替换</Trans>;
    default:
      return closed ? <Trans>已撤回（{closed}）</Trans> : <Trans>已撤回</Trans>;
  }
}

/**
 * Every version of the record's bid, oldest first: the one that stands, those replaced and those
 * withdrawn. Nothing is edited: each version is kept with its files on the bid service, and its
 * receipt is under 提交回执.
 */
export function BidVersions({ versions }: { versions: BidVersion[] }) {
  const { t } = useLingui();
  if (versions.length === 0) return null;
  return (
    <div className="mt-4 border-t border-slate-100 pt-4">
      <h3 id="tender-bid-versions" className="text-base font-medium text-slate-900">
        <Trans>投标版本</Trans>
      </h3>
      <ScrollRegion label={t`投标版本`}>
        <table className="table table-fit mt-2" aria-labelledby="tender-bid-versions">
          <thead>
            <tr>
              <th scope="col">
                <Trans>版本</Trans>
              </th>
              <th scope="col">
                <Trans>提交时间</Trans>
              </th>
              <th scope="col">
                <Trans>状态</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {versions.map((version) => (
              <tr key={version.version}>
                <td className="whitespace-nowrap">
                  <VersionNumber version={version.version} />
                </td>
                <td>
                  <DateTime value={version.submittedAt} />
                </td>
                <td>
                  <VersionState version={version} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
