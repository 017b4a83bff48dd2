import { UPLOAD_RULES } from '@contract/upload-rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { AttachmentPicker } from '@/ui/attachment-picker';
import { formatBytes } from '@/ui/file-upload';
import { photoType } from '@/ui/photo-plan';

/** A large camera photo is re-encoded before it is kept; the canvas code loads only for a photo. */
async function compressSlip(file: File): Promise<File> {
  if (!photoType(file)) return file;
  const { compressPhoto } = await import('@/ui/compress-photo');
  return compressPhoto(file);
}

interface DepositSlipFieldProps {
  id: string;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string | null;
  disabled?: boolean;
}

/**
 * The remittance slip: one photo or PDF (checked by content), from the files or straight from
 * the camera, with a preview of exactly what will be sent (the compressed photo, or the PDF's
 * name and size) before the supplier confirms.
 */
export function DepositSlipField({ id, value, onChange, error, disabled }: DepositSlipFieldProps) {
  const { t } = useLingui();
  return (
    <div className="space-y-2">
      <AttachmentPicker
        id={id}
        label={t`汇款凭证`}
        required
        rule={UPLOAD_RULES.remittanceSlip}
        camera
        transform={compressSlip}
        chooseLabel={<Trans>选择文件</Trans>}
        value={value ? [value] : []}
        onChange={(files) => onChange(files[0] ?? null)}
        hint={t`图片或 PDF；较大的照片会先压缩再保存。`}
        error={error}
        disabled={disabled}
      />
      {value ? <SlipPreview file={value} /> : null}
    </div>
  );
}

function SlipPreview({ file }: { file: File }) {
  const { t } = useLingui();
  const image = file.type.startsWith('image/');
  // The photo's object URL lives as long as the <img> that shows this file: made when it is
  // attached, revoked when it goes (a ref callback's cleanup), with no state or extra render.
  const showFile = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img || typeof URL.createObjectURL !== 'function') return;
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  const name = file.name;
  const size = formatBytes(file.size);

  return (
    <figure className="rounded-lg border border-slate-200 bg-slate-50 p-2">
      {image ? (
        <img ref={showFile} alt={t`汇款凭证预览：${name}`} className="mx-auto max-h-56 w-auto max-w-full rounded object-contain" />
      ) : (
        <div className="flex items-center gap-2 px-1 py-2 text-sm text-slate-700">
          <svg width="20" height="20" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="shrink-0 text-red-700">
            <path d="M4 2.5A1.5 1.5 0 0 1 5.5 1h6.38a1.5 1.5 0 0 1 1.06.44l2.62 2.62A1.5 1.5 0 0 1 16 5.12V17.5a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 4 17.5v-15Z" />
          </svg>
          <span className="min-w-0 truncate">{name}</span>
        </div>
      )}
      <figcaption className="mt-1 text-xs text-slate-500">
        <Trans>
          将提交：{name}（{size}）
        </Trans>
      </figcaption>
    </figure>
  );
}
