import type { Locale } from '@contract/locales';
import { message } from '@/locales/wire';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { canAccess } from '@/api/access';
import { isApiError } from '@/api/errors';
import { getSupplierInfo, sessionState } from '@/api/session';
import { newIdempotencyKey } from '@/offline/ids';
import { toast } from '@/ui/toast';
import { signUpForNotice } from '../api/sign-up';

type Notice = { kind: 'refused'; text: string };

/**
 * 报名: tourists are told beside the button, from the first paint, that signing up needs a login
 * (with the way there and back here), and a tap says it again: nothing appears that would push
 * the notice down under the reader's eyes. A supplier whose status may not take
 * part (A101) is told why without a call; A104 and A141 sign up online and go to their record
 * in bid management. The bid service judges the cut-off time, so its answer is what is shown.
 */
export function SignUpButton({ noticeId }: { noticeId: string }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per click-session: kept after a network failure, so a second click replays the first
  // answer if the first did reach the bid service; dropped once the bid service has answered.
  const key = useRef<string | null>(null);

  async function signUp() {
    if (busy) return;
    if (sessionState() !== 'active') {
      toast.warning(t`请先登录后再报名`);
      return;
    }
    if (!canAccess('tenderManagement', getSupplierInfo()?.status)) {
      setNotice({ kind: 'refused', text: message('signUpNotAllowed', i18n.locale as Locale) });
      return;
    }
    setNotice(null);
    setBusy(true);
    key.current ??= newIdempotencyKey();
    try {
      const record = await signUpForNotice(noticeId, key.current);
      key.current = null;
      await navigate({ to: '/platform/tenderManagement', search: { tenderId: record.id } });
    } catch (error) {
      // A business refusal (past the deadline, status) is final for this key; network trouble is
      // already reported by the request layer, and the next click retries with the same key.
      if (isApiError(error) && error.kind === 'business') {
        key.current = null;
        setNotice({ kind: 'refused', text: error.message });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col items-stretch gap-2 sm:items-end">
      <button type="button" className="btn btn-primary min-w-32" onClick={() => void signUp()} disabled={busy} aria-busy={busy}>
        {busy ? (
          <span className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent" aria-hidden="true" />
        ) : null}
        {busy ? t`报名中…` : t`报名`}
      </button>
      {sessionState() !== 'active' ? (
        <p className="text-sm text-slate-600">
          <Trans>
            报名需要先登录。
            <Link to="/login" search={{ redirect: `/bidDetail/${noticeId}` }} className="link">
              去登录
            </Link>
          </Trans>
        </p>
      ) : null}
      {notice?.kind === 'refused' ? (
        <p role="alert" className="max-w-sm rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}
