import type { VisitPass } from '@contract/schemas/visitor';
import { Trans } from '@lingui/react/macro';
import { formatDateTime } from '@/ui/format';
import type { PassValidity } from '../passes';

const TONE: Record<PassValidity, string> = {
  valid: 'bg-brand-700 text-white',
  expired: 'bg-red-700 text-white',
  notYetValid: 'bg-amber-100 text-amber-900 ring-1 ring-amber-300 ring-inset',
};

/** The state a guard reads at a glance: a solid band with a word, then the instant that matters. */
export function PassValidityBanner({ pass, validity }: { pass: VisitPass; validity: PassValidity }) {
  const from = formatDateTime(pass.validFrom, pass.timeZone);
  const until = formatDateTime(pass.validUntil, pass.timeZone);
  return (
    <div className={`rounded-lg px-4 py-3 text-center ${TONE[validity]}`} data-testid="pass-validity" data-validity={validity}>
      <p className="text-xl font-semibold tracking-wide">
        {validity === 'valid' ? <Trans>有效</Trans> : validity === 'expired' ? <Trans>已过期</Trans> : <Trans>尚未生效</Trans>}
      </p>
      <p className="mt-0.5 text-sm opacity-90">
        {validity === 'valid' ? (
          <Trans>有效期至 {until}</Trans>
        ) : validity === 'expired' ? (
          <Trans>已于 {until} 过期，请重新获取通行码</Trans>
        ) : (
          <Trans>将于 {from} 生效</Trans>
        )}
      </p>
    </div>
  );
}
