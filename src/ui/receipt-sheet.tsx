import type { Receipt, ReceiptClaims } from '@contract/schemas/receipt';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { formatBytes } from './file-upload';
import { formatDateTime } from './format';
import { QrCode } from './qr-code';

/** Where a receipt is checked: the /verify page of this portal, the receipt in the fragment (never sent to a server). */
export const verifyUrl = (jws: string) => `${location.origin}/verify#${jws}`;

/**
 * A receipt as printed on one page (the browser's print, or print to PDF), in the supplier's
 * language: what and when the buyer received it, the record, the supplier, each file's whole
 * SHA-256, a QR of the /verify link that checks it, and the receipt itself in text. Hidden on
 * screen; while it is printed it is the only thing on the page (styles.css, `printing-receipt`).
 */
function ReceiptSheet({ receipt, claims, what }: { receipt: Receipt; claims: ReceiptClaims; what: string }) {
  const { t } = useLingui();
  const rows: [string, string][] = [
    [t`提交内容`, what],
    [t`记录编号`, claims.recordNo ?? claims.recordId],
    [t`供应商`, claims.supplierName],
    [t`采购方收到时间`, `${formatDateTime(claims.receivedAt)} (${claims.receivedAt})`],
    ...(claims.version !== undefined ? [[t`版本`, String(claims.version)] as [string, string]] : []),
    ...(claims.round !== undefined ? [[t`轮次`, String(claims.round)] as [string, string]] : []),
    [t`文件数`, String(claims.fileCount)],
  ];
  return (
    <article className="receipt-sheet text-[10pt] leading-snug text-black">
      <h1 className="text-[16pt] font-semibold">
        <Trans>提交回执</Trans>
      </h1>
      <p className="mt-1">
        <Trans>本回执由采购方系统签名，证明采购方已收到以下内容。</Trans>
      </p>
      <div className="mt-4 flex items-start gap-6">
        <dl className="grid min-w-0 flex-1 grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-neutral-600">{label}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
        </dl>
        <figure className="w-[45mm] shrink-0 text-center">
          <QrCode value={verifyUrl(receipt.jws)} label={t`回执二维码`} ecc="L" testId="receipt-qr" className="block h-auto w-full" />
          <figcaption className="mt-1 text-[8pt]">
            <Trans>扫码核验</Trans>
          </figcaption>
        </figure>
      </div>
      {receipt.files.length > 0 ? (
        <table className="mt-4 w-full border-collapse text-[8.5pt]">
          <thead>
            <tr className="border-b border-neutral-400 text-left">
              <th className="py-1 pr-2 font-medium">
                <Trans>文件</Trans>
              </th>
              <th className="py-1 pr-2 font-medium">
                <Trans>大小</Trans>
              </th>
              <th className="py-1 font-medium">SHA-256</th>
            </tr>
          </thead>
          <tbody>
            {receipt.files.map((file) => (
              <tr key={file.field} className="border-b border-neutral-200 align-top">
                <td className="py-1 pr-2 break-all">{file.name}</td>
                <td className="py-1 pr-2 whitespace-nowrap">{formatBytes(file.size)}</td>
                <td className="py-1 font-mono text-[7.5pt] break-all">{file.sha256}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <p className="mt-4">
        <Trans>核验：扫描二维码，或打开 {`${location.origin}/verify`} 粘贴下面的回执编码。</Trans>
      </p>
      <p className="mt-1 font-mono text-[7pt] break-all">{receipt.jws}</p>
    </article>
  );
}

/**
 * A button that prints one receipt: the sheet is added to the page, the browser's print opens,
 * and the sheet goes once printing is over (`afterprint`), or at the next print asked for.
 */
export function PrintReceiptButton({ receipt, claims, what }: { receipt: Receipt; claims: ReceiptClaims; what: string }) {
  const [request, setRequest] = useState(0);
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    if (request === 0) return;
    const root = document.documentElement;
    const done = () => {
      root.classList.remove('printing-receipt');
      setPrinting(false);
    };
    root.classList.add('printing-receipt');
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => {
      window.removeEventListener('afterprint', done);
      root.classList.remove('printing-receipt');
    };
  }, [request]);
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        onClick={() => {
          setPrinting(true);
          setRequest((n) => n + 1);
        }}
      >
        <Trans>打印回执</Trans>
      </button>
      {printing ? createPortal(<ReceiptSheet receipt={receipt} claims={claims} what={what} />, document.body) : null}
    </>
  );
}
