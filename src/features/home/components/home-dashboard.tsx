import type { SupplierSession } from '@/api/session';
import { MessageCenter } from './message-center';
import { ReminderBanner } from './reminder-banner';
import type { HomeListProps } from './todo-list';
import { TodoList } from './todo-list';
import { WelcomeHeader } from './welcome-header';

export type HomeDashboardProps = Omit<HomeListProps, 'supplierId'> & { session: SupplierSession };

/**
 * /platform/home: greeting, the reminders shown in the portal, the to-do list and the message center
 * (their pagers and filter in the URL).
 */
export function HomeDashboard({ session, ...rest }: HomeDashboardProps) {
  const props: HomeListProps = { ...rest, supplierId: session.supplierId };
  return (
    <div className="space-y-4 sm:space-y-6">
      <WelcomeHeader session={session} />
      <ReminderBanner supplierId={props.supplierId} />
      <TodoList {...props} />
      <MessageCenter {...props} />
    </div>
  );
}
