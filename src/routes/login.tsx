import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { InstallButton } from '@/app/install-prompt';
import { LoginForm } from '@/features/auth/components/login-form';
import { listNoticesQueryOptions } from '@/features/notice/api/list-notices';
import { focusNoticeBoard, NoticeBoard } from '@/features/notice/components/notice-board';
import {
  compactNoticeSearch,
  noticeListRequest,
  resolveNoticeSearch,
  validateNoticeSearch,
  type NoticeSearch,
} from '@/features/notice/notice-search';

type LoginSearch = NoticeSearch & { redirect?: string };

export const Route = createFileRoute('/login')({
  validateSearch: (raw: Record<string, unknown>): LoginSearch => ({
    ...validateNoticeSearch(raw),
    ...(typeof raw.redirect === 'string' && raw.redirect ? { redirect: raw.redirect } : {}),
  }),
  loaderDeps: ({ search: { tab, page, size, q } }) => ({ tab, page, size, q }),
  // Started, not awaited: the login form must not wait for the public list on a slow link.
  loader: ({ context, deps }) => {
    void context.queryClient.ensureQueryData(listNoticesQueryOptions(noticeListRequest(resolveNoticeSearch(deps)))).catch(() => undefined);
  },
  component: LoginPage,
});

function LoginPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const board = resolveNoticeSearch(search);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <div className="mb-6 flex flex-col gap-4 sm:mb-8 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1>
            <Trans>供应商招标采购平台</Trans>
          </h1>
          <p className="mt-2 max-w-2xl text-sm text-slate-600 sm:text-base">
            <Trans>在线查看招标与采购公告、报名投标、参与询价议价，随时掌握合作动态。</Trans>
          </p>
        </div>
        {/* Offered after the page has painted: on a phone it floats at the bottom instead of pushing the form down (no layout shift). */}
        <InstallButton className="btn btn-secondary fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-40 shadow-lg sm:static sm:z-auto sm:shadow-none" />
      </div>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:gap-8">
        <section aria-labelledby="login-title" className="card lg:sticky lg:top-24">
          <h2 id="login-title" className="mb-4">
            <Trans>账号登录</Trans>
          </h2>
          <LoginForm redirect={search.redirect} onTourist={focusNoticeBoard} />
        </section>
        <NoticeBoard
          search={board}
          onSearchChange={(next) =>
            void navigate({ search: (prev) => ({ ...compactNoticeSearch(next), redirect: prev.redirect }), resetScroll: false })
          }
        />
      </div>
    </div>
  );
}
