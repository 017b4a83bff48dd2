import type { Locale } from '@contract/locales';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { RecordStates } from '@/ui/record-states';
import { Countdown } from '@/ui/countdown';
import { DateTime } from '@/ui/date-time';
import { formatNumber, formatRate } from '@/ui/format';
import { Money } from '@/ui/money';
import { isNotFound, noticeQueryOptions, type NoticeAnswer } from '../api/get-notice';
import { CodeLabel } from './code-label';
import { FileDownloadButton } from '@/ui/file-download-button';
import { DetailSection, InfoList } from '@/ui/info-list';
import { NoticeRequirements } from './notice-requirements';
import { StoredAtNotice } from './stored-at-notice';
import { SignUpButton } from './sign-up-button';
import { TypicalMaterials } from './typical-materials';

/** Back to the public lists, as a text link (a supplier's screens use the button-like BackLink of src/ui/record-states.tsx). */
function NoticeListLink() {
  return (
    <Link to="/login" className="link inline-flex items-center gap-1 text-sm">
      <span aria-hidden="true">←</span>
      <Trans>返回公告列表</Trans>
    </Link>
  );
}

export function NoticeDetailView({ id }: { id: string }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  return (
    <RecordStates
      query={useQuery(noticeQueryOptions(id))}
      frame={(content) => (
        <div className="space-y-4">
          <h1 className="sr-only">{t`公告详情`}</h1>
          <NoticeListLink />
          {content}
        </div>
      )}
      loading={
        <div className="space-y-4" aria-busy="true" aria-label={t`正在加载公告详情`}>
          <div className="card h-32 animate-pulse p-6" />
          <div className="card h-64 animate-pulse p-6" />
        </div>
      }
      isMissing={isNotFound}
      missing={{ title: t`未找到该公告`, description: t`公告可能已被撤回或链接有误。` }}
      failedTitle={t`公告详情加载失败`}
    >
      {(notice, staleNote) => <Notice n={notice} locale={locale} staleNote={staleNote} />}
    </RecordStates>
  );
}

function Notice({ n, locale, staleNote }: { n: NoticeAnswer; locale: Locale; staleNote: ReactNode }) {
  return (
    <article className="space-y-4" aria-labelledby="notice-title">
      <NoticeListLink />
      {staleNote}
      <StoredAtNotice storedAt={n.storedAt} />
      <header className="card flex flex-col gap-4 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-6">
        <div className="min-w-0">
          <p className="text-sm text-slate-500">
            {n.bindOrPurchase === 1 ? <Trans>采购信息</Trans> : <Trans>招标信息</Trans>}
            <span aria-hidden="true"> · </span>
            <span className="font-mono break-all">{n.tenderNo}</span>
          </p>
          <h1 id="notice-title" className="mt-1 text-xl font-semibold break-words text-slate-900 sm:text-2xl">
            {n.title}
          </h1>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <span>
              <Trans>
                截止时间：
                <DateTime value={n.cutoffTime} />
              </Trans>
            </span>
            <Countdown deadline={n.cutoffTime} />
          </p>
        </div>
        <SignUpButton noticeId={n.id} />
      </header>

      <DetailSection id="notice-base" title={<Trans>基本信息</Trans>}>
        <InfoList
          items={[
            { label: <Trans>招标编号</Trans>, value: <span className="font-mono">{n.tenderNo}</span> },
            { label: <Trans>招标方式</Trans>, value: <CodeLabel type="tenderingManner" code={n.tenderingManner} /> },
            { label: <Trans>标题</Trans>, value: n.title, wide: true },
            { label: <Trans>分类</Trans>, value: <CodeLabel type="classification" code={n.classification} /> },
            {
              label: <Trans>截止时间</Trans>,
              value: (
                <span className="flex flex-wrap items-center gap-2">
                  <DateTime value={n.cutoffTime} />
                  <Countdown deadline={n.cutoffTime} />
                </span>
              ),
            },
            { label: <Trans>项目地址</Trans>, value: n.projectAddress },
            { label: <Trans>项目周期</Trans>, value: n.projectCycle },
            { label: <Trans>年需求量</Trans>, value: n.annualDemand },
            { label: <Trans>币种</Trans>, value: <CodeLabel type="currency" code={n.currency} /> },
            { label: <Trans>汇率</Trans>, value: <span className="tabular-nums">{formatRate(n.exchangeRate, locale)}</span> },
            { label: <Trans>总价</Trans>, value: <Money value={n.totalPrice} currency={n.currency} /> },
            { label: <Trans>发布单位</Trans>, value: n.issuingUnit },
            { label: <Trans>报名数</Trans>, value: <span className="tabular-nums">{formatNumber(n.registrationCount, locale)}</span> },
            {
              label: <Trans>参考模板</Trans>,
              value: n.referenceTemplate ? (
                <FileDownloadButton file={n.referenceTemplate} />
              ) : (
                <span className="text-slate-500">
                  <Trans>无</Trans>
                </span>
              ),
            },
          ]}
        />
      </DetailSection>

      <DetailSection id="notice-materials" title={<Trans>典型物料</Trans>}>
        <TypicalMaterials materials={n.typicalMaterials} />
      </DetailSection>

      <DetailSection id="notice-company" title={<Trans>公司信息</Trans>}>
        <InfoList
          items={[
            { label: <Trans>公司名称</Trans>, value: n.companyInfo.name },
            { label: <Trans>公司地址</Trans>, value: n.companyInfo.address },
            { label: <Trans>公司简介</Trans>, value: <span className="whitespace-pre-line">{n.companyInfo.profile}</span>, wide: true },
          ]}
        />
      </DetailSection>

      <DetailSection id="notice-requirements" title={<Trans>投标要求</Trans>}>
        <NoticeRequirements notice={n} />
      </DetailSection>

      <DetailSection id="notice-contact" title={<Trans>采购方联系人</Trans>}>
        <InfoList
          items={[
            { label: <Trans>联系人</Trans>, value: n.buyerContact.name },
            {
              label: <Trans>联系电话</Trans>,
              value: n.buyerContact.phone ? (
                <a className="link tabular-nums" href={`tel:${n.buyerContact.phone.replace(/\s+/g, '')}`}>
                  {n.buyerContact.phone}
                </a>
              ) : (
                '—'
              ),
            },
            {
              label: <Trans>电子邮箱</Trans>,
              value: n.buyerContact.email ? (
                <a className="link break-all" href={`mailto:${n.buyerContact.email}`}>
                  {n.buyerContact.email}
                </a>
              ) : (
                '—'
              ),
            },
          ]}
        />
      </DetailSection>
    </article>
  );
}
