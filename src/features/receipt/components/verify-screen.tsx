import type { Locale } from '@contract/locales';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { DateTime } from '@/ui/date-time';
import { fieldProps, FieldHint } from '@/ui/field';
import { formatList } from '@/ui/format';
import { InfoList } from '@/ui/info-list';
import { PageHeader } from '@/ui/page-header';
import { useReceiptHeading } from '@/ui/receipt-list';
import { matchFiles, readReceiptText, verifyReceipt, type FileMatch, type ReceiptInput, type VerifyResult } from '../verify';
import { QrScan } from './qr-scan';

/** Why a receipt does not check, as the page says it. */
const PROBLEM: Record<NonNullable<VerifyResult['problem']>, MessageDescriptor> = {
  malformed: msg`这不是本门户的提交回执，或回执编码不完整。`,
  unknownKey: msg`回执不是由采购方系统的密钥签名的。如果本设备离线，联网后再试一次：密钥可能已更新。`,
  badSignature: msg`签名不符：回执的内容被改动过。`,
  filesDiffer: msg`文件清单与回执的签名不符：清单被改动过。`,
  noKeys: msg`本设备还没有采购方系统的签名密钥。请联网后打开本页一次，之后离线也能核验。`,
};

/** A file input's visible button (the input itself is visually hidden before it, and lends the button its focus ring). */
const FILE_BUTTON =
  'btn btn-secondary btn-sm cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600';

interface Outcome {
  input: ReceiptInput;
  result: VerifyResult;
  files: FileMatch[];
}

/**
 * /verify (docs/decisions/receipts.md): anyone checks a receipt in this browser, online or not, against
 * the keys the bid service publishes: pasted, opened from its file, scanned from its QR (the QR's
 * link opens this page with the receipt in its fragment, checked at once), and, with the receipt's
 * file, the files themselves, each found in its list by its SHA-256.
 */
export function VerifyScreen() {
  const { t, i18n } = useLingui();
  const ids = { text: useId(), file: useId(), files: useId() };
  // The QR's link: /verify#<code>, checked as the page opens; the fragment never reaches a server.
  const [fromLink] = useState(() => decodeURIComponent(location.hash.slice(1)));
  const [text, setText] = useState(fromLink);
  const [chosen, setChosen] = useState<File[]>([]);
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useRef(0);

  const check = async (value: string, files: readonly File[]) => {
    const input = readReceiptText(value);
    if (!input) {
      setOutcome(null);
      setError(t`请粘贴回执编码，或打开回执文件。`);
      return;
    }
    setError(null);
    setChecking(true);
    const mine = ++run.current;
    try {
      const result = await verifyReceipt(input);
      const matched = result.valid && input.files ? await matchFiles(files, input.files).catch(() => null) : [];
      if (mine !== run.current) return;
      setOutcome({ input, result, files: matched ?? [] });
      if (!matched) setError(t`无法读取所选的文件，请重新选择。`);
    } finally {
      if (mine === run.current) setChecking(false);
    }
  };

  const checkOnOpen = useRef(fromLink);
  useEffect(() => {
    if (checkOnOpen.current) void check(checkOnOpen.current, []);
    checkOnOpen.current = '';
  });

  const openFile = async (file: File | undefined) => {
    if (!file) return;
    const content = await file.text();
    setText(content);
    await check(content, chosen);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void check(text, chosen);
  };

  return (
    <>
      <PageHeader
        title={t`核验提交回执`}
        description={t`检查一份回执是否由采购方系统签名、何时收到，以及文件是否就是回执中的文件。核验在本设备上进行，离线也可使用。`}
      />
      <form className="card space-y-4" onSubmit={onSubmit} aria-label={t`核验回执`}>
        <div>
          <label htmlFor={ids.text} className="label">
            <Trans>回执编码或回执文件内容</Trans>
          </label>
          <textarea
            {...fieldProps(ids.text, error, true)}
            rows={5}
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="input font-mono text-xs break-all"
            spellCheck={false}
          />
          <FieldHint id={ids.text} hint={<Trans>粘贴回执编码（以 eyJ 开头），或回执二维码中的链接。</Trans>} />
          {error ? (
            <p id={`${ids.text}-error`} className="mt-1 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <span className="inline-flex">
            <input
              id={ids.file}
              type="file"
              accept=".json,application/json"
              className="peer sr-only"
              onChange={(event) => void openFile(event.target.files?.[0])}
            />
            <label htmlFor={ids.file} className={FILE_BUTTON}>
              <Trans>打开回执文件</Trans>
            </label>
          </span>
          <QrScan
            onRead={(value) => {
              setText(value);
              void check(value, chosen);
            }}
          />
        </div>
        <div>
          <label htmlFor={ids.files} className="label">
            <Trans>要核对的文件（可选）</Trans>
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <span className="inline-flex">
              <input
                {...fieldProps(ids.files, null, true)}
                type="file"
                multiple
                className="peer sr-only"
                onChange={(event) => setChosen([...(event.target.files ?? [])])}
              />
              <label htmlFor={ids.files} className={FILE_BUTTON}>
                <Trans>选择文件</Trans>
              </label>
            </span>
            <span className="min-w-0 text-sm break-words text-slate-700">
              {chosen.length > 0
                ? formatList(
                    chosen.map((file) => file.name),
                    i18n.locale as Locale,
                  )
                : t`未选择文件`}
            </span>
          </div>
          <FieldHint
            id={ids.files}
            hint={<Trans>选择提交过的文件：在本设备上计算 SHA-256，与回执文件中的清单比对，文件不会上传。</Trans>}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={checking} aria-busy={checking}>
          <Trans>核验</Trans>
        </button>
      </form>
      <div aria-live="polite" className="mt-4">
        {outcome ? <VerifyOutcome outcome={outcome} chosen={chosen.length} problemText={(p) => i18n._(PROBLEM[p])} /> : null}
      </div>
    </>
  );
}

function VerifyOutcome({
  outcome,
  chosen,
  problemText,
}: {
  outcome: Outcome;
  chosen: number;
  problemText: (problem: NonNullable<VerifyResult['problem']>) => string;
}) {
  const { t } = useLingui();
  const headingOf = useReceiptHeading();
  const { input, result, files } = outcome;
  if (!result.valid || !result.claims)
    return (
      <section role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
        <h2 className="text-base font-semibold">
          <Trans>回执无效</Trans>
        </h2>
        <p className="mt-1">{problemText(result.problem ?? 'malformed')}</p>
      </section>
    );
  const { claims } = result;
  return (
    <section className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm" aria-labelledby="verify-valid">
      <h2 id="verify-valid" className="text-base font-semibold text-emerald-900">
        <Trans>回执有效：由采购方系统签名</Trans>
      </h2>
      <InfoList
        items={[
          { label: t`提交内容`, value: headingOf(claims) },
          { label: t`记录编号`, value: claims.recordNo ?? claims.recordId },
          { label: t`供应商`, value: claims.supplierName },
          { label: t`采购方收到时间`, value: <DateTime value={claims.receivedAt} /> },
          { label: t`文件数`, value: claims.fileCount },
        ]}
      />
      {input.files && result.filesChecked ? (
        <div>
          <p className="font-medium text-emerald-900">
            <Trans>文件清单与签名一致：</Trans>
          </p>
          <ul className="mt-1 space-y-1">
            {input.files.map((file) => (
              <li key={file.field} className="break-words text-slate-800">
                {file.name} <span className="font-mono text-xs break-all text-slate-600">SHA-256 {file.sha256}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : claims.fileCount > 0 ? (
        <p className="text-slate-700">
          <Trans>只核验了回执编码。要核对文件，请打开回执文件（含文件清单），再选择文件。</Trans>
        </p>
      ) : null}
      {files.length > 0 ? (
        <ul className="space-y-1" aria-label={t`文件核对结果`}>
          {files.map((file) => (
            <li key={`${file.name}-${file.sha256}`} className={file.match ? 'text-emerald-900' : 'font-medium text-red-800'}>
              {file.match ? t`✓ ${file.name}：与回执中的“${file.match.name}”一致` : t`✗ ${file.name}：不是回执中的文件（内容不同）`}
            </li>
          ))}
        </ul>
      ) : chosen > 0 && !input.files ? (
        <p className="text-slate-700">
          <Trans>选择的文件未核对：回执编码不含文件清单。</Trans>
        </p>
      ) : null}
    </section>
  );
}
