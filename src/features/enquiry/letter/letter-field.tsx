import type { Locale } from '@contract/locales';
import { UPLOAD_RULES } from '@contract/upload-rules';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { AttachmentPicker } from '@/ui/attachment-picker';
import { formatList, formatNumber } from '@/ui/format';
import { LeadIn } from '@/ui/lead-in';
import type { IgnoredRow, IgnoreReason } from './letter-prices';
import type { LetterReadingState } from './use-letter-reading';

const NOTE = 'mt-2 rounded-lg border px-3 py-2 text-sm';
/** Row numbers named per reason; the rest are counted. */
const ROWS_SHOWN = 10;

const REASON: Record<IgnoreReason, MessageDescriptor> = {
  unknownMaterial: msg`物料编码不在本询价单中`,
  duplicate: msg`物料编码重复（只采用第一次出现的行）`,
  noMaterialNo: msg`缺少物料编码`,
  noPrice: msg`未填写回复价格`,
  zeroPrice: msg`回复价格为 0`,
  invalidPrice: msg`回复价格不是有效价格（须大于 0，最多两位小数）`,
};
const REASON_ORDER: IgnoreReason[] = ['unknownMaterial', 'duplicate', 'noMaterialNo', 'invalidPrice', 'zeroPrice', 'noPrice'];

function RowNumbers({ rows }: { rows: number[] }) {
  const { i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const shown = formatList(
    rows.slice(0, ROWS_SHOWN).map((row) => formatNumber(row, locale)),
    locale,
  );
  const count = formatNumber(rows.length, locale);
  const more = rows.length - ROWS_SHOWN;
  return more > 0 ? (
    <Trans>
      第 {shown} 行等 {count} 行
    </Trans>
  ) : (
    <Trans>第 {shown} 行</Trans>
  );
}

/** Why rows gave no price, grouped by reason, each with the rows as Excel numbers them. */
function IgnoredRows({ rows }: { rows: IgnoredRow[] }) {
  const { i18n } = useLingui();
  const groups = REASON_ORDER.map((reason) => ({ reason, rows: rows.filter((row) => row.reason === reason).map((row) => row.row) })).filter(
    (group) => group.rows.length > 0,
  );
  return (
    <ul className="mt-1 list-disc space-y-0.5 pl-5">
      {groups.map(({ reason, rows: numbers }) => (
        <li key={reason}>
          <LeadIn label={i18n._(REASON[reason])}>
            <RowNumbers rows={numbers} />
          </LeadIn>
        </li>
      ))}
    </ul>
  );
}

/** What the reader made of the letter: how many prices it put into the form, and every row it did not use, with why. */
function LetterSummary({ id, state, round }: { id: string; state: LetterReadingState; round: number }) {
  const { i18n } = useLingui();
  if (state.status === 'none') return null;
  if (state.status === 'reading') {
    return (
      <p id={id} role="status" className="mt-2 text-sm text-slate-500">
        <Trans>正在读取询价函…</Trans>
      </p>
    );
  }
  switch (state.kind) {
    case 'unchecked':
      return (
        <p id={id} role="status" className={`${NOTE} border-slate-200 bg-slate-50 text-slate-700`}>
          <Trans>.xls 文件无法在浏览器中读取，价格未自动填入，请在下方逐行填写。询价函仍会随报价一起提交。</Trans>
        </p>
      );
    case 'unreadable':
      return (
        <p id={id} role="alert" className={`${NOTE} border-amber-200 bg-amber-50 text-amber-900`}>
          <Trans>无法在本设备上读取该询价函，价格未自动填入，请确认文件未损坏或在下方逐行填写。</Trans>
        </p>
      );
    case 'otherEnquiry': {
      const other = state.enquiryNo;
      return (
        <p id={id} role="alert" className={`${NOTE} border-red-200 bg-red-50 text-red-800`}>
          <Trans>该询价函属于询价单 {other}，不是本询价单，价格未填入。请移除后选择本询价单的询价函。</Trans>
        </p>
      );
    }
  }
  const { ignored, rounded } = state;
  const letterRound = state.round;
  // Counts as the interface language writes numbers, for the texts.
  const filled = i18n.number(state.filled);
  const unpriced = i18n.number(state.unpriced);
  const ignoredCount = i18n.number(ignored.length);
  return (
    <div
      id={id}
      role="status"
      className={`${NOTE} ${state.filled > 0 ? 'border-brand-200 bg-brand-50 text-slate-800' : 'border-amber-200 bg-amber-50 text-amber-900'}`}
    >
      <p className="font-medium">
        {state.filled > 0 ? (
          <Trans>已从询价函填入 {filled} 个价格，请核对后再提交。</Trans>
        ) : (
          <Trans>询价函中没有可用的价格，未填入任何价格。</Trans>
        )}
      </p>
      {letterRound !== null && letterRound !== round ? (
        <p className="mt-1">
          <Trans>
            该询价函是第 {letterRound} 轮的模板，当前为第 {round} 轮，请确认价格适用于本轮。
          </Trans>
        </p>
      ) : null}
      {ignored.length > 0 ? (
        <div className="mt-1">
          <p>
            <Trans>{ignoredCount} 行未采用：</Trans>
          </p>
          <IgnoredRows rows={ignored} />
        </div>
      ) : null}
      {rounded.length > 0 ? (
        <p className="mt-1">
          <Trans>超过两位小数的价格已四舍五入：</Trans>
          <RowNumbers rows={rounded} />
        </p>
      ) : null}
      {state.filled > 0 && state.unpriced > 0 ? (
        <p className="mt-1">
          <Trans>另有 {unpriced} 行物料询价函中没有价格，请在下方填写。</Trans>
        </p>
      ) : null}
    </div>
  );
}

interface LetterFieldProps {
  id: string;
  value: File[];
  onChange: (files: File[]) => void;
  state: LetterReadingState;
  round: number;
  disabled?: boolean;
}

/**
 * The filled inquiry letter: one .xls or .xlsx (by content, the `inquiryLetter` rule), attached
 * to the quote and uploaded with it; an .xlsx is read here and its prices put into the form.
 */
export function LetterField({ id, value, onChange, state, round, disabled }: LetterFieldProps) {
  const { t } = useLingui();
  return (
    <div>
      <AttachmentPicker
        id={id}
        label={t`询价函（可选）`}
        rule={UPLOAD_RULES.inquiryLetter}
        chooseLabel={<Trans>选择询价函</Trans>}
        value={value}
        onChange={onChange}
        hint={t`在 Excel 中填好的询价函（.xls 或 .xlsx，限 1 个），随报价一起提交；.xlsx 的价格会按物料编码自动填入下方，请核对。`}
        disabled={disabled}
      />
      <LetterSummary id={`${id}-summary`} state={state} round={round} />
    </div>
  );
}
