import type { Locale } from '@contract/locales';
import type { TenderRecordDetail } from '@contract/schemas/tender';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { DateTime } from '@/ui/date-time';
import { formatList } from '@/ui/format';
import { InfoList } from '@/ui/info-list';
import { Money } from '@/ui/money';
import { ReceiptList } from '@/ui/receipt-list';
import { DEPOSIT_TYPE_LABEL } from '../tender-labels';
import { BidVersions, VersionNumber } from './bid-versions';
import { FileList } from './tender-cells';

/** A titled card of the detail page. */
export function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card">
      <h2 id={id} className="mb-4">
        {title}
      </h2>
      {children}
    </section>
  );
}

const Missing = ({ children }: { children: ReactNode }) => <p className="text-sm text-slate-500">{children}</p>;

export function DepositSection({ record }: { record: TenderRecordDetail }) {
  const { i18n } = useLingui();
  const deposit = record.deposit;
  const rejected = record.status === 'depositRejected';
  const reason = deposit?.rejectReason ?? record.rejectReason;
  return (
    <Section id="tender-deposit" title={<Trans>保证金</Trans>}>
      {rejected ? (
        // The one thing the supplier must act on: above everything else, in words and colour.
        <div role="note" className="mb-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900">
          <p className="font-semibold">
            <Trans>保证金被驳回，请核对后重新缴纳</Trans>
          </p>
          {reason ? (
            <p className="mt-1 break-words">
              <Trans>驳回原因：{reason}</Trans>
            </p>
          ) : null}
        </div>
      ) : null}
      {deposit ? (
        <InfoList
          items={[
            { label: <Trans>保证金类型</Trans>, value: i18n._(DEPOSIT_TYPE_LABEL[deposit.depositType]) },
            { label: <Trans>缴纳金额</Trans>, value: <Money value={deposit.amount} currency={deposit.currency} /> },
            { label: <Trans>应缴金额</Trans>, value: <Money value={record.requiredDeposit} currency={record.currency} /> },
            { label: <Trans>付款日期</Trans>, value: <DateTime value={deposit.paymentDate} dateOnly /> },
            { label: <Trans>汇款凭证</Trans>, value: <FileList files={[deposit.remittanceSlip]} /> },
            { label: <Trans>提交时间</Trans>, value: <DateTime value={deposit.submittedAt} /> },
            {
              label: <Trans>确认时间</Trans>,
              value: deposit.confirmedAt ? (
                <DateTime value={deposit.confirmedAt} />
              ) : rejected ? (
                <Trans>已驳回</Trans>
              ) : (
                <Trans>待采购方确认</Trans>
              ),
            },
          ]}
        />
      ) : record.requiredDeposit === 0 ? (
        <Missing>
          <Trans>该项目无需缴纳保证金。</Trans>
        </Missing>
      ) : (
        <InfoList
          items={[
            { label: <Trans>应缴金额</Trans>, value: <Money value={record.requiredDeposit} currency={record.currency} /> },
            { label: <Trans>缴纳情况</Trans>, value: <Trans>尚未缴纳</Trans> },
          ]}
        />
      )}
    </Section>
  );
}

export function BidSection({ record }: { record: TenderRecordDetail }) {
  const { i18n } = useLingui();
  const bid = record.bid;
  const certificates = formatList(record.requiredCertificates, i18n.locale as Locale);
  return (
    <Section id="tender-bid" title={<Trans>投标文件</Trans>}>
      {bid ? (
        <InfoList
          items={[
            { label: <Trans>投标文件</Trans>, value: <FileList files={bid.bidDocuments} />, wide: true },
            {
              label: <Trans>证书文件</Trans>,
              wide: true,
              value:
                bid.certificates.length === 0 ? (
                  '—'
                ) : (
                  <ul className="space-y-2">
                    {bid.certificates.map((group) => (
                      <li key={group.name}>
                        <p className="text-slate-600">{group.name}</p>
                        <FileList files={group.files} />
                      </li>
                    ))}
                  </ul>
                ),
            },
            { label: <Trans>物料清单</Trans>, value: <FileList files={[bid.billOfMaterials]} /> },
            { label: <Trans>提交时间</Trans>, value: <DateTime value={bid.submittedAt} /> },
            { label: <Trans>版本</Trans>, value: <VersionNumber version={bid.version} /> },
          ]}
        />
      ) : record.bidVersions.some((v) => v.status === 'withdrawn') ? (
        <Missing>
          <Trans>投标文件已撤回，可在截止时间前重新提交。</Trans>
        </Missing>
      ) : (
        <Missing>
          {record.requiredCertificates.length > 0 ? (
            <Trans>尚未提交投标文件。需提供的证书：{certificates}</Trans>
          ) : (
            <Trans>尚未提交投标文件。</Trans>
          )}
        </Missing>
      )}
      <BidVersions versions={record.bidVersions} />
    </Section>
  );
}

export function RefundSection({ record }: { record: TenderRecordDetail }) {
  const refund = record.refund;
  return (
    <Section id="tender-refund" title={<Trans>保证金退还</Trans>}>
      {refund ? (
        <InfoList
          items={[
            { label: <Trans>申请时间</Trans>, value: <DateTime value={refund.requestedAt} /> },
            {
              label: <Trans>退还时间</Trans>,
              value: refund.refundedAt ? <DateTime value={refund.refundedAt} /> : <Trans>待采购方退还</Trans>,
            },
            { label: <Trans>退款凭证</Trans>, value: refund.voucher ? <FileList files={[refund.voucher]} /> : '—' },
            {
              label: <Trans>备注</Trans>,
              value: refund.remark ? <span className="whitespace-pre-line">{refund.remark}</span> : '—',
              wide: true,
            },
          ]}
        />
      ) : (
        <Missing>
          <Trans>尚未申请退还保证金。</Trans>
        </Missing>
      )}
    </Section>
  );
}

/** The bid service's receipts of every submission on the record, in the order received. */
export function ReceiptsSection({ record }: { record: TenderRecordDetail }) {
  if (record.receipts.length === 0) return null;
  return (
    <Section id="tender-receipts" title={<Trans>提交回执</Trans>}>
      <ReceiptList receipts={record.receipts} />
    </Section>
  );
}
