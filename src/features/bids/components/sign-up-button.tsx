import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { sessionState } from '@/api/session';
import { toast } from '@/ui/toast';
import { isPastDeadline } from '../deadline';

interface SignUpButtonProps {
  noticeId: string;
  cutoffTime: string;
}

/** 报名: tourists are asked to log in, late suppliers are told the deadline passed, the rest go to bid management. */
export function SignUpButton({ noticeId, cutoffTime }: SignUpButtonProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [askLogin, setAskLogin] = useState(false);

  function signUp() {
    if (sessionState() !== 'active') {
      setAskLogin(true);
      toast.warning(t`请先登录后再报名`);
      return;
    }
    if (isPastDeadline(cutoffTime)) {
      toast.warning(t`当前日期已超过投标截止时间，无法报名`);
      return;
    }
    void navigate({ to: '/platform/tenderManagement', search: { tenderId: noticeId } });
  }

  return (
    <div className="flex flex-col items-stretch gap-2 sm:items-end">
      <button type="button" className="btn btn-primary min-w-32" onClick={signUp}>
        <Trans>报名</Trans>
      </button>
      {askLogin && (
        <p role="status" className="text-sm text-slate-600">
          <Trans>
            报名需要先登录。
            <Link to="/login" search={{ redirect: `/bidDetail/${noticeId}` }} className="link">
              去登录
            </Link>
          </Trans>
        </p>
      )}
    </div>
  );
}
