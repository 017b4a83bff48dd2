import type { VisitPass } from '@contract/schemas/visitor';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from '@/ui/date-time';
import { Spinner } from '@/ui/spinner';
import { validVisitsQueryOptions } from '../api/list-valid-visits';

/** The visitor's approved visits that have not ended; only with a connection (the pass itself works without). */
export function VisitList({ pass }: { pass: VisitPass }) {
  const visits = useQuery(validVisitsQueryOptions(pass.pass, pass.visitorId));

  return (
    <section aria-labelledby="visits-title" className="card">
      <h2 id="visits-title" className="mb-3">
        <Trans>来访安排</Trans>
      </h2>
      {visits.isPending ? (
        <Spinner />
      ) : visits.isError ? (
        <p className="text-sm text-slate-600">
          <Trans>暂时无法加载来访安排（可能处于离线状态），联网后会自动更新。</Trans>
        </p>
      ) : visits.data.length === 0 ? (
        <p className="text-sm text-slate-600">
          <Trans>没有尚未结束的来访安排。</Trans>
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {visits.data.map((visit) => (
            <li key={visit.visitId} className="py-3 text-sm first:pt-0 last:pb-0">
              <p className="font-medium text-slate-900">
                {visit.productionBase} · {visit.department}
              </p>
              <p className="mt-0.5 text-slate-600">
                <Trans>接待人：{visit.host}</Trans>
                {visit.visitNo ? <span className="ml-2 text-slate-500">{visit.visitNo}</span> : null}
              </p>
              {visit.reason ? (
                <p className="mt-0.5 text-slate-600">
                  <Trans>来访事由：{visit.reason}</Trans>
                </p>
              ) : null}
              <p className="mt-0.5 text-slate-600">
                <DateTime value={visit.validFrom} timeZone={visit.timeZone} /> –{' '}
                <DateTime value={visit.validUntil} timeZone={visit.timeZone} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
