import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { sessionState } from '@/api/session';

export type ErrorStatus = 403 | 404 | 500;

/** A failed lazy chunk (a new deploy removed it, or the link dropped): reloading is the fix. */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|Loading chunk|ChunkLoadError|Unable to preload CSS/i.test(text);
}

function Illustration() {
  return (
    <svg width="120" height="96" viewBox="0 8 120 88" fill="none" aria-hidden="true" className="text-brand-700">
      <path
        d="M24 34 60 16l36 18v40L60 92 24 74V34Z"
        fill="currentColor"
        fillOpacity=".08"
        stroke="currentColor"
        strokeOpacity=".35"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M24 34l36 18 36-18M60 52v40" stroke="currentColor" strokeOpacity=".35" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The friendly 403 / 404 / 500 page. `onRetry` adds a "try again" (re-run the route); the
 * 500 page always offers a full reload, which is what fixes a missing chunk.
 */
export function ErrorPage({ status, onRetry, detail }: { status: ErrorStatus; onRetry?: () => void; detail?: string }) {
  const { t } = useLingui();
  const text: Record<ErrorStatus, { title: string; description: string }> = {
    403: { title: t`无权访问此页面`, description: t`您的账号当前状态不能使用此功能。如有疑问，请联系采购方对接人。` },
    404: { title: t`页面不存在`, description: t`您访问的页面不存在或已被移除，请检查地址是否正确。` },
    500: {
      title: t`页面出错了`,
      description: t`页面加载失败，可能是网络不稳定或系统刚刚更新。请重新加载页面；如果问题持续存在，请联系管理员。`,
    },
  };
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-12 text-center sm:py-20" aria-labelledby="error-title">
      <Illustration />
      <p className="mt-4 text-sm font-semibold tracking-widest text-brand-700">{status}</p>
      <h1 id="error-title" className="mt-1">
        {text[status].title}
      </h1>
      <p className="mt-3 text-sm leading-6 text-slate-600">{text[status].description}</p>
      {detail ? <p className="mt-2 font-mono text-xs break-all text-slate-400">{detail}</p> : null}
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        {status === 500 ? (
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            <Trans>重新加载</Trans>
          </button>
        ) : null}
        {onRetry ? (
          <button type="button" className="btn btn-secondary" onClick={onRetry}>
            <Trans>重试</Trans>
          </button>
        ) : null}
        {status !== 500 && typeof window !== 'undefined' && window.history.length > 1 ? (
          <button type="button" className="btn btn-secondary" onClick={() => window.history.back()}>
            <Trans>返回上一页</Trans>
          </button>
        ) : null}
        {/* A logged-in supplier's home is the workbench, not the login screen. */}
        <Link
          to={sessionState() === 'active' ? '/platform/home' : '/'}
          className={status === 500 ? 'btn btn-secondary' : 'btn btn-primary'}
        >
          <Trans>返回首页</Trans>
        </Link>
      </div>
    </section>
  );
}
