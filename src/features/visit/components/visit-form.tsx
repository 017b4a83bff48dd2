import type { Locale } from '@contract/locales';
import type { VisitApplicationDetail } from '@contract/schemas/visit';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import { supplierOwner } from '@/offline/db';
import { useDraft } from '@/offline/use-draft';
import type { MendedEntry } from '@/offline/use-mend-entry';
import { useConnectivity } from '@/offline/use-outbox';
import { announceQueued, announceQueueFailure } from '@/ui/announce-queued';
import { confirmDialog } from '@/ui/confirm';
import { useNow } from '@/ui/use-now';
import { usePrefetchVisitReferenceData } from '../api/prefetch-reference-data';
import { queueVisitApplication } from '../api/queue-visit-application';
import { useVisitChoices } from '../api/visit-choices';
import { visitErrors } from '../form/visit-errors';
import { copyOfApplication, mendedVisitValues } from '../form/stored-visit-values';
import { emptyVisitValues, isEmptyVisit, type VisitFormValues, type VisitorValues } from '../form/visit-values';
import { ApplicationSection } from './application-section';
import { InsuranceSection } from './insurance-section';
import { VisitFilesSection } from './visit-files-section';
import { VisitorsSection } from './visitors-section';

interface VisitFormProps {
  supplierId: string;
  /** The logged-in account: the uploader of the files chosen here. */
  username: string;
  /** Prefills the visiting company. */
  supplierName: string;
  /** A returned application to start from (`?copy=`). */
  copyOf?: VisitApplicationDetail;
  /** The tender the application is started from (`?relatedProject=`), or ''. */
  relatedProject?: string;
  /** An application the bid service refused (`?mend=`): the form opens with what it held and sends it in its place. */
  mending?: MendedEntry | undefined;
  onQueued: () => void;
}

/**
 * A new visit application in four sections. Autosaved as a draft on the device with the chosen
 * files; checked against the contract's rules (shown after the first submit, then as the
 * supplier corrects); submitted after a confirmation (no editing afterwards: SPEC.md section 4)
 * into the outbox, which sends it once, with its files, when the network and a valid token are
 * there. A refused one is mended here, with its values and files, and takes its entry's place.
 */
export function VisitForm({ supplierId, username, supplierName, copyOf, relatedProject = '', mending, onQueued }: VisitFormProps) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const { online } = useConnectivity();
  const [values, setValues] = useState<VisitFormValues>(() =>
    copyOf
      ? copyOfApplication(copyOf)
      : mending
        ? mendedVisitValues(mending.entry.payload, mending.files)
        : emptyVisitValues(supplierName, relatedProject),
  );
  const [replaces, setReplaces] = useState(mending?.entry.id);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // The dictionaries and organisation as loaded: a code they do not list is said before it is queued.
  const choices = useVisitChoices(values.productionBase, i18n.locale);
  usePrefetchVisitReferenceData(supplierId, i18n.locale, online);
  // One draft per starting point (new, from a tender, a copy): one never overwrites another.
  // A mended application is its own record of what was filled: no draft beside it.
  const draft = useDraft(
    copyOf ? `visit-apply:copy:${copyOf.id}` : `visit-apply:new:${relatedProject}`,
    mending ? null : supplierOwner(supplierId),
    values,
    setValues,
    {
      isEmpty: (v) => (copyOf ? false : isEmptyVisit(v, supplierName, relatedProject)),
    },
  );
  const refusal = replaces ? (mending?.entry.lastError?.message ?? '') : '';

  const now = useNow();
  const errors = attempted ? visitErrors(values, locale, now, choices) : {};
  const problemCount = Object.keys(errors).length;
  const change = (patch: Partial<VisitFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const changeVisitor = (index: number, patch: Partial<VisitorValues>) =>
    setValues((v) => ({ ...v, visitors: v.visitors.map((visitor, i) => (i === index ? { ...visitor, ...patch } : visitor)) }));

  const focusFirstProblem = () =>
    requestAnimationFrame(() => {
      const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      // A yes/no marks its group invalid: its first radio takes the focus.
      const target = first?.matches('fieldset') ? first.querySelector<HTMLElement>('input:not([disabled])') : first;
      target?.focus({ preventScroll: true });
      first?.scrollIntoView?.({ block: 'center' });
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setAttempted(true);
    if (Object.keys(visitErrors(values, locale, Date.now(), choices)).length > 0) {
      focusFirstProblem();
      return;
    }
    const sure = await confirmDialog({ title: t`提交参观申请`, message: t`提交后不能修改，确定提交吗？`, confirmLabel: t`提交` });
    if (!sure) return;
    setBusy(true);
    try {
      const baseName = choices.bases?.find((b) => b.code === values.productionBase)?.label ?? values.productionBase;
      await queueVisitApplication(
        supplierId,
        values,
        baseName,
        replaces && mending ? { id: replaces, thread: mending.entry.thread } : undefined,
      );
    } catch (error) {
      announceQueueFailure(error);
      return;
    } finally {
      setBusy(false);
    }
    setReplaces(undefined);
    await draft.clear();
    announceQueued(online);
    onQueued();
  };

  const discard = async () => {
    const sure = await confirmDialog({
      title: t`清空填写内容`,
      message: t`已填写的内容和所选文件将从本设备删除，确定清空吗？`,
      confirmLabel: t`清空`,
      danger: true,
    });
    if (!sure) return;
    setValues(copyOf ? copyOfApplication(copyOf) : emptyVisitValues(supplierName, relatedProject));
    setAttempted(false);
    await draft.clear();
  };

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="space-y-4 sm:space-y-6" aria-label={t`参观申请表`}>
      {copyOf ? (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <Trans>复制自已退回的申请 {copyOf.visitNo}。请按退回原因修改，并重新选择参观日期。</Trans>
          {copyOf.reviewReason ? (
            <span className="mt-1 block break-words">
              <Trans>退回原因：{copyOf.reviewReason}</Trans>
            </span>
          ) : null}
        </p>
      ) : null}
      {refusal ? (
        <p role="note" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm break-words text-red-800">
          <Trans>这份申请被投标服务退回：{refusal}。请修改后重新提交，它会代替被退回的那份。</Trans>
        </p>
      ) : null}
      {draft.restored ? (
        <p role="status" className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
          <Trans>已恢复上次未提交的填写内容（含所选文件）。</Trans>
        </p>
      ) : null}
      <ApplicationSection supplierId={supplierId} values={values} errors={errors} disabled={busy} onChange={change} />
      <VisitorsSection visitors={values.visitors} errors={errors} disabled={busy} onChange={(visitors) => change({ visitors })} />
      <VisitFilesSection rows={values.files} errors={errors} disabled={busy} uploader={username} onChange={(files) => change({ files })} />
      <InsuranceSection
        insurance={values.insurance}
        visitors={values.visitors}
        errors={errors}
        disabled={busy}
        onChange={(patch) => setValues((v) => ({ ...v, insurance: { ...v.insurance, ...patch } }))}
        onVisitor={changeVisitor}
      />
      <div className="card sticky bottom-0 z-10 flex flex-col gap-2 !py-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="text-sm" aria-live="polite">
          {attempted && problemCount > 0 ? (
            <p className="font-medium text-red-700">
              <Trans>还有 {problemCount} 处需要填写或更正。</Trans>
            </p>
          ) : draft.savedAt ? (
            <p className="text-slate-500">
              <Trans>草稿已自动保存在本设备</Trans>
            </p>
          ) : null}
          {online ? null : (
            <p className="text-slate-500">
              <Trans>当前离线：申请会先保存在本设备，联网后自动提交。</Trans>
            </p>
          )}
        </div>
        <div className="flex gap-2">
          {/* Mended, the refused entry stays on the device until it is sent or discarded from the pending page. */}
          {mending ? null : (
            <button type="button" className="btn btn-secondary flex-1 sm:flex-none" onClick={() => void discard()} disabled={busy}>
              <Trans>清空</Trans>
            </button>
          )}
          <button type="submit" className="btn btn-primary flex-[2] sm:flex-none" disabled={busy} aria-busy={busy}>
            <Trans>提交申请</Trans>
          </button>
        </div>
      </div>
    </form>
  );
}
