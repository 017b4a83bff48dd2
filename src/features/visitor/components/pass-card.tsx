import type { VisitPass } from '@contract/schemas/visitor';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { DateTime } from '@/ui/date-time';
import { passValidity } from '../passes';
import { useNow } from '@/ui/use-now';
import { PassValidityBanner } from './pass-validity';
import { QrCode } from '@/ui/qr-code';

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-100 py-2 last:border-b-0">
      <dt className="shrink-0 text-slate-500">{label}</dt>
      <dd className="min-w-0 text-right font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** The pass as the gate sees it: validity, the QR, who, where and when. Works from IndexedDB alone. */
export function PassCard({ pass, actions }: { pass: VisitPass; actions?: ReactNode }) {
  const { t } = useLingui();
  const validity = passValidity(pass, useNow());
  const who = pass.visitorName || pass.phone;

  return (
    <section aria-labelledby="pass-title" className="card space-y-4">
      <h2 id="pass-title" className="sr-only">
        <Trans>开门二维码</Trans>
      </h2>
      <PassValidityBanner pass={pass} validity={validity} />
      <div
        className={`mx-auto w-full max-w-72 rounded-lg bg-white p-1 ring-1 ring-slate-200 ${validity === 'valid' ? '' : 'opacity-40 grayscale'}`}
      >
        <QrCode value={pass.pass} label={t`${who} 的开门二维码`} className="block h-auto w-full" />
      </div>
      <div className="text-center">
        <p className="text-lg font-semibold text-slate-900">{pass.visitorName || <Trans>访客</Trans>}</p>
        <p className="text-sm text-slate-600 tabular-nums">{pass.phone}</p>
      </div>
      <dl className="text-sm">
        <Row label={<Trans>生产基地</Trans>}>{pass.productionBase}</Row>
        <Row label={<Trans>受访部门</Trans>}>{pass.department}</Row>
        <Row label={<Trans>接待人</Trans>}>{pass.host}</Row>
        <Row label={<Trans>生效时间</Trans>}>
          <DateTime value={pass.validFrom} timeZone={pass.timeZone} />
        </Row>
        <Row label={<Trans>失效时间</Trans>}>
          <DateTime value={pass.validUntil} timeZone={pass.timeZone} />
        </Row>
        {pass.visitNo ? <Row label={<Trans>来访单号</Trans>}>{pass.visitNo}</Row> : null}
      </dl>
      {actions ? <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">{actions}</div> : null}
    </section>
  );
}
