import type { NoticeDetail } from '@contract/schemas/notice';
import { Trans } from '@lingui/react/macro';
import { FileDownloadButton } from '@/ui/file-download-button';

export function NoticeRequirements({ notice }: { notice: NoticeDetail }) {
  return (
    <div className="space-y-6 text-sm">
      <div>
        <h3 className="mb-2 font-semibold text-slate-800">
          <Trans>必备条件</Trans>
        </h3>
        {notice.requiredItems.length === 0 ? (
          <p className="text-slate-500">
            <Trans>无</Trans>
          </p>
        ) : (
          <ol className="space-y-3">
            {notice.requiredItems.map((item, i) => (
              <li key={i} className="flex gap-3 rounded-lg bg-slate-50 p-3">
                <span
                  aria-hidden="true"
                  className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800"
                >
                  {i + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="break-words whitespace-pre-line text-slate-900">{item.description}</p>
                  {item.referenceDocuments.length > 0 && (
                    <div className="mt-2">
                      <p className="text-slate-500">
                        <Trans>参考文件</Trans>
                      </p>
                      <ul className="mt-1 space-y-1">
                        {item.referenceDocuments.map((file) => (
                          <li key={file.path}>
                            <FileDownloadButton file={file} />
                          </li>
                        ))}
                      </ul>
                    </div>
                  )}
                </div>
              </li>
            ))}
          </ol>
        )}
      </div>

      <div>
        <h3 className="mb-2 font-semibold text-slate-800">
          <Trans>澄清要求</Trans>
        </h3>
        <p className="break-words whitespace-pre-line text-slate-900">{notice.clarificationRequest || '—'}</p>
      </div>

      <div>
        <h3 className="mb-2 font-semibold text-slate-800">
          <Trans>资质证书</Trans>
        </h3>
        {notice.certificateDocuments.length === 0 ? (
          <p className="text-slate-500">
            <Trans>无</Trans>
          </p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {notice.certificateDocuments.map((doc) => (
              <li key={doc} className="badge">
                {doc}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
