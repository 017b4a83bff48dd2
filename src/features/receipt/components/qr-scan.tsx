import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '@/ui/dialog';

/** The Shape Detection API's barcode reader (Chrome on Android, among others); not in TypeScript's DOM types yet. */
interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeReaderClass = new (options: { formats: string[] }) => BarcodeReader;
const readerClass = (): BarcodeReaderClass | undefined =>
  typeof window === 'undefined' ? undefined : (window as unknown as { BarcodeDetector?: BarcodeReaderClass }).BarcodeDetector;

/**
 * Scans a receipt's QR with the device's camera, where the browser reads barcodes itself (no
 * decoder is shipped). Elsewhere it says what works everywhere: the QR holds a /verify link, so
 * the phone's own camera opens this page with the receipt in it.
 */
export function QrScan({ onRead }: { onRead: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  if (!readerClass())
    return (
      <p className="text-sm text-slate-600">
        <Trans>用手机相机扫描回执上的二维码，即可在本页打开并核验它。</Trans>
      </p>
    );
  return (
    <>
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => setOpen(true)}>
        <Trans>扫描二维码</Trans>
      </button>
      <Dialog open={open} title={<Trans>扫描回执二维码</Trans>} onClose={() => setOpen(false)} confirmLabel={<Trans>关闭</Trans>}>
        {open ? (
          <Camera
            onRead={(text) => {
              setOpen(false);
              onRead(text);
            }}
          />
        ) : null}
      </Dialog>
    </>
  );
}

function Camera({ onRead }: { onRead: (text: string) => void }) {
  const { t } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const read = useRef(onRead);
  useEffect(() => {
    read.current = onRead;
  });
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const Reader = readerClass();
    let stream: MediaStream | null = null;
    let stopped = false;
    let frame = 0;
    const scan = async () => {
      if (stopped || !video.current || !Reader) return;
      const found = await new Reader({ formats: ['qr_code'] }).detect(video.current).catch(() => []);
      if (found[0]?.rawValue) return read.current(found[0].rawValue);
      frame = window.setTimeout(() => void scan(), 250);
    };
    navigator.mediaDevices
      ?.getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        void scan();
      })
      .catch(() => setFailed(true));
    return () => {
      stopped = true;
      window.clearTimeout(frame);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);
  return failed ? (
    <p role="alert" className="text-sm text-red-800">
      <Trans>无法打开相机。请允许使用相机，或粘贴回执编码。</Trans>
    </p>
  ) : (
    <video ref={video} muted playsInline aria-label={t`相机画面`} className="aspect-square w-full rounded-lg bg-black object-cover" />
  );
}
