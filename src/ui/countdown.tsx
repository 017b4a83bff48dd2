import { Plural, Trans } from '@lingui/react/macro';
import { daysLeft } from './format';

/** Deadline in days: "剩余 N 天", "不足 1 天" or the expired marker "已截止". */
export function Countdown({ deadline, now }: { deadline: string; now?: Date }) {
  const days = daysLeft(deadline, now);
  if (Number.isNaN(days)) return null;
  if (days < 0)
    return (
      <span className="badge">
        <Trans>已截止</Trans>
      </span>
    );
  if (days === 0)
    return (
      <span className="badge badge-amber">
        <Trans>不足 1 天</Trans>
      </span>
    );
  return (
    <span className={`badge ${days <= 3 ? 'badge-amber' : 'badge-green'}`}>
      <Plural value={days} one="剩余 # 天" other="剩余 # 天" />
    </span>
  );
}
