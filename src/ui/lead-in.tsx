import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/**
 * "label: what follows" with the reader's punctuation (zh-CN "：", en and vie ": "), for a
 * text made of parts: a wire message followed by a list or a count. A colon glued on in code
 * shows Chinese punctuation inside English and Vietnamese sentences.
 */
export function LeadIn({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Trans>
      {label}：{children}
    </Trans>
  );
}
