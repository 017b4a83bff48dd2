import { Trans } from '@lingui/react/macro';
import { timeLeft } from './server-clock';

/**
 * What is left before a deadline on the bid service's clock (see server-clock.ts): "剩余 2 天 5
 * 小时", "剩余 3 小时 20 分钟", "剩余 12 分钟", "不足 1 分钟", or "已截止"; amber in the last 24
 * hours. Used by the tender, enquiry and home screens; nothing when the deadline is unreadable.
 */
export function TimeLeft({ deadline, now }: { deadline: string; now: number }) {
  const left = timeLeft(deadline, now);
  if (left === null) return null;
  if (left === 'passed') {
    return (
      <span className="badge whitespace-nowrap">
        <Trans>已截止</Trans>
      </span>
    );
  }
  const { days, hours, minutes } = left;
  return (
    <span className={`badge whitespace-nowrap tabular-nums ${days === 0 ? 'badge-amber' : 'badge-green'}`}>
      {days > 0 ? (
        <Trans>
          剩余 {days} 天 {hours} 小时
        </Trans>
      ) : hours > 0 ? (
        <Trans>
          剩余 {hours} 小时 {minutes} 分钟
        </Trans>
      ) : minutes > 0 ? (
        <Trans>剩余 {minutes} 分钟</Trans>
      ) : (
        <Trans>不足 1 分钟</Trans>
      )}
    </span>
  );
}
