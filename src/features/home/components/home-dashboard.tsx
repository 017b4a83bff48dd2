import { Trans } from '@lingui/react/macro';
import { HomeTable } from './home-table';
import { WelcomeHeader } from './welcome-header';

export function HomeDashboard() {
  return (
    <div className="space-y-4 sm:space-y-6">
      <WelcomeHeader />
      <div className="grid grid-cols-1 gap-4 sm:gap-6 xl:grid-cols-2">
        <HomeTable id="home-todo" title={<Trans>待办事项</Trans>} emptyText={<Trans>暂无待办</Trans>} />
        <HomeTable id="home-messages" title={<Trans>消息中心</Trans>} emptyText={<Trans>暂无消息</Trans>} />
      </div>
    </div>
  );
}
