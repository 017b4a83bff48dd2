import type { Locale } from '@contract/locales';
import { tenderSubmitBidRequest, type BidDetail, type TenderRecordDetail } from '@contract/schemas/tender';
import { UPLOAD_RULES } from '@contract/upload-rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent } from 'react';
import { fieldErrors } from '@/api/validation';
import { useMendEntry, type MendedEntry } from '@/offline/use-mend-entry';
import { useConnectivity } from '@/offline/use-outbox';
import { setUnsaved } from '@/offline/unsaved';
import { AttachmentPicker } from '@/ui/attachment-picker';
import { confirmDialog } from '@/ui/confirm';
import { FormAlert } from '@/ui/field';
import { queueSubmitBid } from '../api/submit-bid';
import { useBomReading } from '../bom/use-bom-reading';
import { mendedWrite } from '../tender-thread';
import { announceSubmissionQueued, queueFailureText } from '@/ui/announce-queued';
import { BidBomPreview } from './bid-bom-preview';
import { BidMissingSummary, type MissingUpload } from './bid-missing-summary';
import { ReplacedBidNote } from './replaced-bid-note';

const DOCS_ID = 'bid-bidDocuments';
const BOM_ID = 'bid-billOfMaterials';
const SUMMARY_ID = 'bid-missing';
const certId = (index: number) => `bid-certificate-${index}`;
/** Stands in for a file not uploaded yet: the schema only counts them. */
const LOCAL = { name: 'local', url: 'local', path: 'local' };
const refs = (files: File[]) => files.map(() => LOCAL);

interface BidFormProps {
  record: Pick<TenderRecordDetail, 'id' | 'tenderNo' | 'cutoffTime' | 'requiredCertificates'>;
  supplierId: string;
  supplierCode: string;
  /** The id of the refused bid entry to mend: the form opens with its files and sends it in its place. */
  mend?: string | undefined;
  /**
   * Replace mode: the bid that stands, which this one replaces as its next version (sent as
   * `/tender/replaceBid` naming this version). Its files are listed for reference; the new
   * version is the whole bid again.
   */
  replacing?: BidDetail | undefined;
  onQueued: () => void;
}

/** The files a refused bid held for each certificate the notice requires now, found by the certificate's name. */
function mendedCertificates(mending: MendedEntry, required: string[]): File[][] {
  const sent = mending.entry.payload.certificates;
  const names = Array.isArray(sent) ? sent.map((group: unknown) => (group as { name?: unknown } | null)?.name) : [];
  return required.map((name) => {
    const index = names.indexOf(name);
    return index >= 0 ? (mending.files[`certificates.${index}.files`] ?? []) : [];
  });
}

/**
 * Bid documents, one upload group per certificate the notice requires, and exactly one bill of
 * materials, read before it is accepted. Everything goes to the outbox as one entry, so it can
 * be prepared offline and is sent once, before the cut-off if the device is online by then.
 * Files are not kept as a draft (drafts keep text); leaving with files chosen counts as unsaved work.
 * A refused bid is mended here: opened once that entry is read, with the files it held.
 */
export function BidForm({ mend, ...props }: BidFormProps) {
  const mending = useMendEntry(mend);
  if (mending === undefined) return null;
  const call = props.replacing ? 'tenderReplaceBid' : 'tenderSubmitBid';
  return <BidFormBody {...props} mending={mendedWrite(mending, call, props.record.id)} />;
}

function BidFormBody({
  record,
  supplierId,
  supplierCode,
  replacing,
  mending,
  onQueued,
}: Omit<BidFormProps, 'mend'> & { mending: MendedEntry | null }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const { online } = useConnectivity();
  const required = record.requiredCertificates;
  const [documents, setDocuments] = useState<File[]>(() => mending?.files.bidDocuments ?? []);
  const [certificates, setCertificates] = useState<File[][]>(() =>
    mending ? mendedCertificates(mending, required) : required.map(() => []),
  );
  const [bom, setBom] = useState<File[]>(() => mending?.files.billOfMaterials ?? []);
  const refusal = mending?.entry.lastError?.message ?? '';
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  // Focus moves after the render that shows (or re-enables) its target.
  const [focusTarget, setFocusTarget] = useState<{ id: string } | null>(null);
  const reading = useBomReading(bom[0] ?? null);

  const unsavedKey = `tender-bid:${record.id}`;
  const chosen = documents.length + bom.length + certificates.reduce((n, files) => n + files.length, 0) > 0;
  useEffect(() => setUnsaved(unsavedKey, chosen), [unsavedKey, chosen]);
  useEffect(() => () => setUnsaved(unsavedKey, false), [unsavedKey]);
  useEffect(() => {
    if (focusTarget) document.getElementById(focusTarget.id)?.focus();
  }, [focusTarget]);

  // The contract's rules, by field path: bidDocuments, certificates.<i>.files, billOfMaterials.
  const payload = {
    tenderRecordId: record.id,
    supplierCode,
    bidDocuments: refs(documents),
    certificates: required.map((name, i) => ({ name, files: refs(certificates[i] ?? []) })),
    billOfMaterials: refs(bom),
  };
  const errors = attempted ? fieldErrors(tenderSubmitBidRequest, payload, locale) : {};
  const emptyBom = reading.state.status === 'read' && reading.state.kind === 'empty';

  // What is still missing, by name; listed once a submit was tried, shrinking as it is added.
  const missingNow = (): MissingUpload[] => {
    const all = fieldErrors(tenderSubmitBidRequest, payload, locale);
    return [
      ...(all.bidDocuments ? [{ id: DOCS_ID, name: t`投标文件` }] : []),
      ...required.flatMap((name, i) => (all[`certificates.${i}.files`] ? [{ id: certId(i), name }] : [])),
      ...(all.billOfMaterials ? [{ id: BOM_ID, name: t`物料清单` }] : []),
    ];
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure('');
    setAttempted(true);
    if (missingNow().length > 0) {
      setFocusTarget({ id: SUMMARY_ID });
      return;
    }
    const problem = fieldErrors(tenderSubmitBidRequest, payload, locale);
    if (problem.tenderRecordId || problem.supplierCode) {
      setFailure(problem.tenderRecordId ?? problem.supplierCode ?? '');
      return;
    }
    setBusy(true);
    try {
      // A bill still being read gets its verdict first: an empty bill is never sent.
      const verdict = await reading.settled();
      if (verdict?.kind === 'empty') {
        setFocusTarget({ id: BOM_ID });
        return;
      }
      const version = replacing?.version;
      // A bid is never edited, but it may be replaced or withdrawn before the cut-off (docs/decisions/bid-versions.md).
      const sure = await confirmDialog(
        version === undefined
          ? { title: t`提交投标文件`, message: t`提交后，截止时间前仍可替换或撤回；每一版都会保留。确定提交吗？`, confirmLabel: t`提交` }
          : {
              title: t`替换投标文件`,
              message: t`新版本将替换第 ${version} 版投标文件，第 ${version} 版仍会保留。截止时间前仍可再次替换或撤回。确定提交吗？`,
              confirmLabel: t`提交`,
            },
      );
      if (!sure) return;
      await queueSubmitBid({
        supplierId,
        supplierCode,
        record,
        bidDocuments: documents,
        certificates: required.map((name, i) => ({ name, files: certificates[i] ?? [] })),
        billOfMaterials: bom[0]!,
        replacing: version,
        ...(mending ? { replaces: mending.entry.id } : {}),
      });
    } catch (error) {
      setFailure(queueFailureText(error));
      return;
    } finally {
      setBusy(false);
    }
    setUnsaved(unsavedKey, false);
    announceSubmissionQueued(online);
    onQueued();
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-6">
      {replacing ? <ReplacedBidNote bid={replacing} /> : null}
      {refusal ? (
        <p role="note" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <Trans>上次提交被投标服务退回：{refusal}。请修改后重新提交。</Trans>
        </p>
      ) : null}
      <BidMissingSummary id={SUMMARY_ID} items={attempted ? missingNow() : []} />
      <FormAlert message={failure} />
      <AttachmentPicker
        id={DOCS_ID}
        label={t`投标文件`}
        required
        rule={UPLOAD_RULES.bidDocuments}
        value={documents}
        onChange={setDocuments}
        error={errors.bidDocuments}
        disabled={busy}
      />
      {required.length > 0 ? (
        <fieldset className="space-y-4">
          <legend className="text-base font-medium text-slate-900">
            <Trans>资质证书</Trans>
          </legend>
          <p className="text-sm text-slate-500">
            <Trans>招标公告要求以下证书，每项至少上传一个文件。</Trans>
          </p>
          {required.map((name, i) => (
            <AttachmentPicker
              key={`${i}-${name}`}
              id={certId(i)}
              label={name}
              required
              rule={UPLOAD_RULES.certificateFiles}
              value={certificates[i] ?? []}
              onChange={(files) => setCertificates((all) => all.map((old, j) => (j === i ? files : old)))}
              error={errors[`certificates.${i}.files`]}
              disabled={busy}
            />
          ))}
        </fieldset>
      ) : null}
      <div>
        <AttachmentPicker
          id={BOM_ID}
          label={t`物料清单`}
          required
          rule={UPLOAD_RULES.billOfMaterials}
          chooseLabel={<Trans>选择文件</Trans>}
          value={bom}
          onChange={setBom}
          hint={t`仅限一个 .xls 或 .xlsx 文件；.xlsx 会先在本设备读取并预览。`}
          error={errors.billOfMaterials ?? (emptyBom ? t`物料清单中没有物料行` : null)}
          disabled={busy}
        />
        <BidBomPreview id={`${BOM_ID}-preview`} state={reading.state} />
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-end">
        {online ? null : (
          <p className="text-sm text-slate-600">
            <Trans>当前离线：投标文件会先保存在本设备，联网后自动提交（截止时间前须送达）。</Trans>
          </p>
        )}
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={busy} aria-busy={busy}>
          <Trans>提交</Trans>
        </button>
      </div>
    </form>
  );
}
