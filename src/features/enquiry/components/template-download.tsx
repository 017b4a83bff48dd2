import type { EnquiryDetail } from '@contract/schemas/enquiry';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { toast } from '@/ui/toast';
import { downloadEnquiryTemplate } from '../api/download-template';

/**
 * "Download the inquiry-letter template": the bid service writes an .xlsx with this enquiry's
 * lines, for the supplier to fill in Excel (offline if it likes) and upload with its quote.
 */
export function TemplateDownloadButton({ enquiry }: { enquiry: Pick<EnquiryDetail, 'id' | 'enquiryNo'> }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    // The template is made by the bid service; offline, say so instead of the network alert.
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      toast.warning(t`当前处于离线状态，联网后才能下载询价函模板`);
      return;
    }
    setBusy(true);
    try {
      const enquiryNo = enquiry.enquiryNo;
      const outcome = await downloadEnquiryTemplate(enquiry.id, t`询价函-${enquiryNo}.xlsx`);
      if (outcome === 'failed') toast.error(t`询价函模板下载失败`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-secondary" disabled={busy} aria-busy={busy} onClick={() => void onClick()}>
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0">
        <path d="M10.75 2.75a.75.75 0 0 0-1.5 0v8.614L6.295 8.235a.75.75 0 1 0-1.09 1.03l4.25 4.5a.75.75 0 0 0 1.09 0l4.25-4.5a.75.75 0 0 0-1.09-1.03l-2.955 3.129V2.75Z" />
        <path d="M3.5 12.75a.75.75 0 0 0-1.5 0v2.5A2.75 2.75 0 0 0 4.75 18h10.5A2.75 2.75 0 0 0 18 15.25v-2.5a.75.75 0 0 0-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5Z" />
      </svg>
      <Trans>下载询价函模板</Trans>
    </button>
  );
}
