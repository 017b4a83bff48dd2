import { readClaims, type ReceiptKind } from '@contract/receipt-claims';
import type { Receipt, ReceiptClaims } from '@contract/schemas/receipt';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { saveBlob } from '@/api/file';
import { useKeepReceipts } from '@/offline/use-receipts';
import { DateTime } from './date-time';
import { PrintReceiptButton } from './receipt-sheet';

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
  question: msg`招标答疑提问`,
};

/** What a receipt is the receipt of, as its heading says: the act, with its version or round. */
export function useReceiptHeading(): (claims: ReceiptClaims) => string {
  const { t, i18n } = useLingui();
  return ({ kind, version, round }) => {
    const what = i18n._(KIND_LABEL[kind]);
    return version !== undefined ? t`${what}（第 ${version} 版）` : round !== undefined ? t`${what}（第 ${round} 轮）` : what;
  };
}

/**
 * The bid service's receipts of what the supplier submitted on a record (docs/decisions/receipts.md),
 * kept on the device as they are shown (`use-receipts.ts`): readable offline after the record
 * itself has aged out of the device's cache, and listed on /pending.
 */
export function ReceiptList({ receipts }: { receipts: readonly Receipt[] }) {
  useKeepReceipts(receipts);
  if (receipts.length === 0) return null;
  return (
    <ol className="space-y-3">
      {receipts.map((receipt) => (
        <ReceiptItem key={receipt.jws} receipt={receipt} />
      ))}
    </ol>
  );
}

/**
 * A message's or a round's receipt, folded under one line that says when the buyer received it
 * (a thread's messages and a quote's rounds each carry one); nothing when there is none. The
 * list they are part of keeps them on the device, all in one write (`useKeepReceipts`).
 */
export function ReceiptDisclosure({ receipt }: { receipt: Receipt | null }) {
  const claims = receipt ? readClaims(receipt.jws) : null;
  if (!receipt || !claims) return null;
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-emerald-800 underline-offset-2 hover:underline">
        <Trans>
          回执：采购方已于 <DateTime value={claims.receivedAt} /> 收到
        </Trans>
      </summary>
      <ol className="mt-2">
        <ReceiptItem receipt={receipt} />
      </ol>
    </details>
  );
}

/** The receipt as a file to keep or send on: the signed part and its list of files (what /verify reads to check files too). */
function downloadReceipt(receipt: Receipt, claims: ReceiptClaims) {
  const name = `receipt-${claims.recordNo ?? claims.recordId}-${claims.kind}-${claims.receivedAt.slice(0, 10)}.json`;
  saveBlob(new Blob([JSON.stringify({ jws: receipt.jws, files: receipt.files }, null, 2)], { type: 'application/json' }), name);
}

/**
 * One receipt: what and when the buyer received it by the service's clock, the round or version,
 * every file with the start of its SHA-256 (`summary`: what the supplier's outbox called it), and
 * what to do with it: print it on one page with its QR, download it as a file, check it on
 * /verify, or copy its code.
 */
export function ReceiptItem({ receipt, summary }: { receipt: Receipt; summary?: string | null }) {
  const codeId = useId();
  const headingOf = useReceiptHeading();
  const claims = readClaims(receipt.jws);
  if (!claims) return null;
  const heading = headingOf(claims);
  return (
    <li className="rounded-lg border border-emerald-200 bg-emerald-50/60 px-4 py-3 text-sm">
      <p className="font-medium text-slate-900">{heading}</p>
      {summary ? <p className="mt-0.5 break-words text-slate-700">{summary}</p> : null}
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
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <PrintReceiptButton receipt={receipt} claims={claims} what={heading} />
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => downloadReceipt(receipt, claims)}>
          <Trans>下载回执文件</Trans>
        </button>
        <Link to="/verify" hash={receipt.jws} className="link text-sm">
          <Trans>核验回执</Trans>
        </Link>
      </div>
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
