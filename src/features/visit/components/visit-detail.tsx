import type { FileRef } from '@contract/schemas/common';
import type { DICTIONARY_TYPES } from '@contract/schemas/common';
import type { VisitApplicationDetail } from '@contract/schemas/visit';
import type { Locale } from '@contract/locales';
import { withdrawBlock } from '@contract/visit-values';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { dictionaryQueryOptions } from '@/api/dictionary';
import { confirmDialog } from '@/ui/confirm';
import { DateTime } from '@/ui/date-time';
import { FileDownloadButton } from '@/ui/file-download-button';
import { formatBytes } from '@/ui/file-upload';
import { formatMoney } from '@/ui/format';
import { DetailSection, InfoList } from '@/ui/info-list';
import { ReceiptList } from '@/ui/receipt-list';
import { LeadIn } from '@/ui/lead-in';
import { PageHeader } from '@/ui/page-header';
import { BackLink, RecordStates } from '@/ui/record-states';
import { toast } from '@/ui/toast';
import { isVisitMissing, visitApplicationQueryOptions } from '../api/get-visit-application';
import { visitKeys } from '../api/list-visit-applications';
import { withdrawVisitApplication } from '../api/withdraw-visit-application';
import { ReviewBadge } from './review-badge';

const backToList = (
  <BackLink to="/platform/visitorApplyNew">
    <Trans>返回列表</Trans>
  </BackLink>
);

/** A dictionary code in the reader's language (the code itself until the dictionary is loaded). */
function useLabels(type: (typeof DICTIONARY_TYPES)[number]) {
  const { i18n } = useLingui();
  const { data } = useQuery(dictionaryQueryOptions(type, i18n.locale));
  return (code: string) => data?.find((o) => o.code === code)?.label ?? code;
}

const Files = ({ files }: { files: FileRef[] }) =>
  files.length === 0 ? (
    <span className="text-slate-500">—</span>
  ) : (
    <ul className="space-y-1">
      {files.map((f) => (
        <li key={f.path}>
          <FileDownloadButton file={f} />
        </li>
      ))}
    </ul>
  );

/** /platform/visitorApplyNew/$id: everything sent, the review, and what may be done now (withdraw while pending, copy when returned). */
export function VisitDetailView({ supplierId, id }: { supplierId: string; id: string }) {
  const { t } = useLingui();
  return (
    <RecordStates
      query={useQuery(visitApplicationQueryOptions(supplierId, id))}
      frame={(content) => (
        <>
          <PageHeader title={t`参观申请详情`} actions={backToList} />
          {content}
        </>
      )}
      loading={<div className="h-64 animate-pulse rounded-lg bg-slate-100" aria-busy="true" aria-label={t`正在加载参观申请`} />}
      isMissing={isVisitMissing}
      missing={{ title: t`参观申请不存在`, description: t`它可能已被删除，或不属于当前供应商。` }}
      failedTitle={t`参观申请加载失败`}
    >
      {(detail, staleNote) => <VisitDetail supplierId={supplierId} detail={detail} staleNote={staleNote} />}
    </RecordStates>
  );
}

function VisitDetail({ supplierId, detail, staleNote }: { supplierId: string; detail: VisitApplicationDetail; staleNote: ReactNode }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const entryMethod = useLabels('entryMethod');
  const gender = useLabels('gender');
  const certificateType = useLabels('certificateType');
  const mealType = useLabels('mealType');
  const fileType = useLabels('visitFileType');
  const insuranceType = useLabels('insuranceType');
  const yes = (v: boolean) => (v ? t`是` : t`否`);
  const block = withdrawBlock(detail.reviewStatus);

  const withdraw = async () => {
    const no = detail.visitNo;
    const sure = await confirmDialog({
      title: t`撤回参观申请`,
      message: t`撤回后申请 ${no} 将不再审核，确定撤回吗？`,
      confirmLabel: t`撤回`,
      danger: true,
    });
    if (!sure) return;
    setBusy(true);
    try {
      const answer = await withdrawVisitApplication(detail.id);
      queryClient.setQueryData(visitKeys.detail(supplierId, detail.id), answer);
      void queryClient.invalidateQueries({ queryKey: visitKeys.all(supplierId) });
      toast.success(t`已撤回`);
    } catch {
      // The request layer said why (a toast with the server's message, or the network alert).
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4 sm:space-y-6">
      <PageHeader
        title={t`参观申请 ${detail.visitNo}`}
        actions={
          <>
            {backToList}
            {detail.reviewStatus === 'returned' ? (
              <Link to="/platform/visitorApplyNew/new" search={{ copy: detail.id }} className="btn btn-primary">
                <Trans>复制为新申请</Trans>
              </Link>
            ) : null}
            {block === null ? (
              <button
                type="button"
                className="btn btn-secondary text-red-700"
                disabled={busy}
                aria-busy={busy}
                onClick={() => void withdraw()}
              >
                <Trans>撤回申请</Trans>
              </button>
            ) : null}
          </>
        }
      />
      {staleNote}
      <DetailSection id="visit-review" title={t`审核`}>
        <InfoList
          items={[
            { label: t`审核状态`, value: <ReviewBadge status={detail.reviewStatus} /> },
            { label: t`提交时间`, value: <DateTime value={detail.submittedAt} /> },
            ...(detail.reviewedAt ? [{ label: t`审核时间`, value: <DateTime value={detail.reviewedAt} /> }] : []),
            ...(detail.reviewReason ? [{ label: t`退回原因`, value: detail.reviewReason, wide: true }] : []),
            ...(detail.reviewStatus === 'approved'
              ? [{ label: t`开门二维码`, value: t`每位来访人员用本人手机号在“访客登录”页面获取。`, wide: true }]
              : []),
          ]}
        />
      </DetailSection>
      <DetailSection id="visit-application" title={t`申请信息`}>
        <InfoList
          items={[
            { label: t`参观单号`, value: detail.visitNo },
            { label: t`参观意向`, value: detail.intentionName },
            { label: t`参观日期`, value: `${detail.startDate} – ${detail.endDate}` },
            { label: t`入厂方式`, value: entryMethod(detail.entryMethod) },
            { label: t`生产基地`, value: detail.productionBaseName },
            { label: t`被访部门`, value: detail.departmentName },
            { label: t`来访单位`, value: detail.visitingCompany },
            { label: t`接待人`, value: detail.host },
            { label: t`关联项目`, value: detail.relatedProject },
            { label: t`来源单号`, value: detail.sourceNo || '—' },
            { label: t`来访人数`, value: detail.visitorCount },
            { label: t`来访事由`, value: <span className="whitespace-pre-wrap">{detail.reason}</span>, wide: true },
            { label: t`劳务合同`, value: <Files files={detail.labourContract} /> },
            { label: t`合同`, value: <Files files={detail.contract} /> },
            { label: t`劳务告知书`, value: <Files files={detail.labourNotice} /> },
            { label: t`保单`, value: <Files files={detail.policy} /> },
          ]}
        />
      </DetailSection>
      <DetailSection id="visit-visitors" title={t`来访人员`}>
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {detail.visitors.map((v) => (
            <li key={v.phone} className="rounded-lg border border-slate-200 p-3 text-sm">
              <p className="font-medium break-words">
                {v.name} · {gender(v.gender)}
              </p>
              <p className="mt-1 text-slate-600 tabular-nums">
                {certificateType(v.certificateType)} {v.certificateNo}
              </p>
              <p className="text-slate-600 tabular-nums">{v.phone}</p>
              <p className="text-slate-600">
                <Trans>用餐：</Trans>
                {v.meal ? mealType(v.mealType) : yes(false)} · <Trans>住宿：</Trans>
                {yes(v.lodging)}
              </p>
            </li>
          ))}
        </ul>
      </DetailSection>
      <DetailSection id="visit-files" title={t`文件`}>
        {detail.files.length === 0 ? (
          <p className="text-sm text-slate-500">
            <Trans>暂无文件。</Trans>
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {detail.files.map(({ type, file }) => (
              <li key={file.path} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
                <span className="badge">{fileType(type)}</span>
                <FileDownloadButton file={file} />
                <span className="text-xs text-slate-500">
                  {formatBytes(file.size)} · {file.uploader} · <DateTime value={file.uploadedAt} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </DetailSection>
      <DetailSection id="visit-insurance" title={t`保险信息`}>
        <InfoList
          items={[
            { label: t`保险公司`, value: detail.insurance.company },
            { label: t`保险类型`, value: insuranceType(detail.insurance.type) },
            { label: t`保单号`, value: detail.insurance.policyNo },
            { label: t`工种`, value: detail.insurance.jobType },
            { label: t`保险金额`, value: formatMoney(detail.insurance.amount, locale, detail.insurance.currency) },
            { label: t`投保日期`, value: detail.insurance.date },
            { label: t`被保险人数`, value: detail.insurance.insuredCount },
            { label: t`是否已投保`, value: yes(detail.insurance.hasInsured) },
            { label: t`是否有社保`, value: yes(detail.insurance.hasSocialSecurity) },
            { label: t`保险附件`, value: <Files files={detail.insurance.appendix} /> },
            {
              label: t`被保险人及工种`,
              wide: true,
              value: (
                <ul className="space-y-1">
                  {detail.insurance.insuredPersons.map((p) => (
                    <li key={p.certificateNo}>
                      <LeadIn label={p.name}>{p.job}</LeadIn>
                    </li>
                  ))}
                </ul>
              ),
            },
          ]}
        />
      </DetailSection>
      {detail.receipt ? (
        <DetailSection id="visit-receipt" title={t`提交回执`}>
          <ReceiptList receipts={[detail.receipt]} />
        </DetailSection>
      ) : null}
    </div>
  );
}
