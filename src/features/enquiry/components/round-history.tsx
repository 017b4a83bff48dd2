import { roundStatusOf } from '@contract/enquiry-values';
import type { EnquiryDetail, EnquiryRound } from '@contract/schemas/enquiry';
import { Trans, useLingui } from '@lingui/react/macro';
import { DateTime } from '@/ui/date-time';
import { ScrollRegion } from '@/ui/scroll-region';
import { RoundBadge } from './enquiry-badges';
import { Missing, Section } from './section';

/**
 * The bargaining rounds (SPEC.md section 3 "history: promoter, date, count"), first round first.
 * Whether a round stands open is judged again on the bid service's clock: a stored answer
 * read offline may be older than the round's deadline.
 */
export function RoundHistory({ enquiry, now }: { enquiry: EnquiryDetail; now: number }) {
  const { t } = useLingui();
  const rounds = [...enquiry.rounds].sort((a, b) => a.round - b.round);
  const status = (round: EnquiryRound) => roundStatusOf(round, enquiry, now);
  return (
    <Section id="enquiry-rounds" title={<Trans>议价历史</Trans>}>
      {rounds.length === 0 ? (
        <Missing>
          <Trans>暂无议价记录。</Trans>
        </Missing>
      ) : (
        <>
          <div className="hidden sm:block">
            <ScrollRegion label={t`议价历史`}>
              <table className="table">
                <caption className="sr-only">
                  <Trans>议价历史</Trans>
                </caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>议价次数</Trans>
                    </th>
                    <th scope="col">
                      <Trans>发起人</Trans>
                    </th>
                    <th scope="col">
                      <Trans>发起时间</Trans>
                    </th>
                    <th scope="col">
                      <Trans>报价截止时间</Trans>
                    </th>
                    <th scope="col">
                      <Trans>状态</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rounds.map((round) => (
                    <tr key={round.round} aria-current={round.round === enquiry.round ? 'step' : undefined}>
                      <td className="tabular-nums whitespace-nowrap">
                        <Trans>第 {round.round} 轮</Trans>
                      </td>
                      <td className="break-words whitespace-normal">{round.promoter}</td>
                      <td>
                        <DateTime value={round.openedAt} />
                      </td>
                      <td>
                        <DateTime value={round.deadline} />
                      </td>
                      <td>
                        <RoundBadge status={status(round)} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </div>
          <ol className="space-y-2 sm:hidden">
            {rounds.map((round) => (
              <li
                key={round.round}
                className="rounded-lg border border-slate-200 p-3 text-sm"
                aria-current={round.round === enquiry.round ? 'step' : undefined}
              >
                <p className="flex flex-wrap items-center justify-between gap-2 font-medium">
                  <span className="tabular-nums">
                    <Trans>第 {round.round} 轮</Trans>
                  </span>
                  <RoundBadge status={status(round)} />
                </p>
                <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                  <dt className="text-slate-600">
                    <Trans>发起人</Trans>
                  </dt>
                  <dd className="break-words">{round.promoter}</dd>
                  <dt className="text-slate-600">
                    <Trans>发起时间</Trans>
                  </dt>
                  <dd>
                    <DateTime value={round.openedAt} />
                  </dd>
                  <dt className="text-slate-600">
                    <Trans>报价截止时间</Trans>
                  </dt>
                  <dd>
                    <DateTime value={round.deadline} />
                  </dd>
                </dl>
              </li>
            ))}
          </ol>
        </>
      )}
    </Section>
  );
}
