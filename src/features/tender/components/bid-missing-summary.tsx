import type { Locale } from '@contract/locales';
import { message } from '@/locales/wire';
import { useLingui } from '@lingui/react/macro';
import { Fragment } from 'react';
import { listSeparators } from '@/ui/format';
import { LeadIn } from '@/ui/lead-in';

export interface MissingUpload {
  /** The id of the field's file input, the target of its link. */
  id: string;
  name: string;
}

/**
 * "必填内容未上传：投标文件、ISO 9001 证书和物料清单" above the form after a submit that lacks
 * them (separators and colon of the reader's language): it takes the focus (so it is read out),
 * and each name leads to its field.
 */
export function BidMissingSummary({ id, items }: { id: string; items: MissingUpload[] }) {
  const { i18n } = useLingui();
  if (items.length === 0) return null;
  const locale = i18n.locale as Locale;
  const separators = listSeparators(items.length, locale);
  const jump = (id: string) => {
    const el = document.getElementById(id);
    el?.focus({ preventScroll: true });
    el?.scrollIntoView?.({ block: 'center' });
  };
  const links = items.map((item, i) => (
    <Fragment key={item.id}>
      {separators[i]}
      <a
        href={`#${item.id}`}
        className="font-medium underline underline-offset-2"
        onClick={(e) => {
          e.preventDefault();
          jump(item.id);
        }}
      >
        {item.name}
      </a>
    </Fragment>
  ));
  return (
    <div
      id={id}
      tabIndex={-1}
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 focus:outline-2 focus:outline-red-600"
    >
      <LeadIn label={message('requiredUploadMissing', locale)}>{links}</LeadIn>
    </div>
  );
}
