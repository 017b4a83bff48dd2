import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Dialog } from '@/ui/dialog';
import { promptInstall } from './pwa';

function ShareIcon() {
  return (
    <svg
      className="inline size-5 align-text-bottom text-sky-600"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      aria-hidden="true"
    >
      <path
        d="M10 12.5V2.5M6.5 6 10 2.5 13.5 6M6 9H5a1 1 0 0 0-1 1v6.5a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V10a1 1 0 0 0-1-1h-1"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** iOS Safari has no install event: how to add the portal from the share sheet. */
function IosInstallHelp({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Dialog open size="sm" title={t`安装到主屏幕`} onClose={onClose} onConfirm={() => true} confirmLabel={t`知道了`}>
      <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
        <li>
          <Trans>
            点击分享按钮 <ShareIcon />
            （iPhone 在屏幕底部，iPad 在右上角），再选择「添加到主屏幕」。
          </Trans>
        </li>
        <li>
          <Trans>之后从主屏幕图标打开供应商门户，无网络时也能查看已加载的内容。</Trans>
        </li>
      </ol>
    </Dialog>
  );
}

/** The install button itself (install-prompt.tsx decides whether there is one, and loads this). */
export default function InstallOffer({ ios, className }: { ios: boolean; className: string }) {
  const [help, setHelp] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => (ios ? setHelp(true) : void promptInstall())}>
        <svg width="16" height="16" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
          <path
            d="M10 3v9.5M6 8.5l4 4 4-4M4 14.5v1a1.5 1.5 0 0 0 1.5 1.5h9a1.5 1.5 0 0 0 1.5-1.5v-1"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <Trans>安装应用</Trans>
      </button>
      {help ? <IosInstallHelp onClose={() => setHelp(false)} /> : null}
    </>
  );
}
