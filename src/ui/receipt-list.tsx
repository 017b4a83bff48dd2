import { readClaims, type ReceiptKind } from '@contract/receipt-claims';
import type { Receipt } from '@contract/schemas/receipt';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { DateTime } from './date-time';

/** What each kind of receipt is the receipt of, as its heading says. */
const KIND_LABEL: Record<ReceiptKind, MessageDescriptor> = {
  deposit: msg`保证金缴纳`,
  bid: msg`投标文件`,
  bidWithdrawal: msg`撤回投标`,
  refund: msg`保证金退还申请`,
  quote: msg`报价`,
  visitApplication: msg`来访申请`,
  communication: msg`沟通发起`,
  reply: msg`沟通回复`,
};

/**
 * The bid service's receipts of what the supplier submitted (docs/decisions/receipts.md): for
 * each, what and when the buyer received it by the service's clock, the round or version, every
 * file with the start of its SHA-256, and the receipt itself to copy and keep. They come with the
 * record, so they are on the device and readable offline wherever the record is.
 */
export function ReceiptList({ receipts }: { receipts: readonly Receipt[] }) {
  if (receipts.length === 0) return null;
  return (
    <ol className="space-y-3">
      {receipts.map((receipt) => (
        <ReceiptItem key={receipt.jws} receipt={receipt} />
      ))}
    </ol>
  );
}

function ReceiptItem({ receipt }: { receipt: Receipt }) {
  const { i18n } = useLingui();
  const codeId = useId();
  const claims = readClaims(receipt.jws);
  if (!claims) return null;
  const what = i18n._(KIND_LABEL[claims.kind]);
  const version = claims.version;
  const round = claims.round;
  return (
    <li className="rounded-lg border border-emerald-200 bg-emerald-50/60 px-4 py-3 text-sm">
      <p className="font-medium text-slate-900">
        {version !== undefined ? (
          <Trans>
            {what}（第 {version} 版）
          </Trans>
        ) : round !== undefined ? (
          <Trans>
            {what}（第 {round} 轮）
          </Trans>
        ) : (
          what
        )}
      </p>
      <p className="mt-0.5 text-slate-700">
        <Trans>
          采购方已于 <DateTime value={claims.receivedAt} /> 收到
        </Trans>
      </p>
      {receipt.files.length > 0 ? (
        <ul className="mt-2 space-y-1">
          {receipt.files.map((file) => (
            <li key={file.field} className="min-w-0 break-words text-slate-700">
              {file.name}{' '}
              <span className="font-mono text-xs text-slate-600" title={file.sha256}>
                SHA-256 {file.sha256.slice(0, 12)}…
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <details className="mt-2">
        <summary className="cursor-pointer text-slate-700 underline-offset-2 hover:underline">
          <Trans>回执编码</Trans>
        </summary>
        <label htmlFor={codeId} className="mt-2 block text-xs text-slate-600">
          <Trans>由采购方系统签名的回执，可复制保存，作为提交凭证</Trans>
        </label>
        <textarea
          id={codeId}
          readOnly
          rows={3}
          value={receipt.jws}
          className="mt-1 w-full resize-y rounded border border-slate-300 bg-white p-2 font-mono text-xs break-all"
          onFocus={(e) => e.currentTarget.select()}
        />
      </details>
    </li>
  );
}
