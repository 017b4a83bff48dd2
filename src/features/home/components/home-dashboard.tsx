import { MessageCenter } from './message-center';
import { ReminderBanner } from './reminder-banner';
import type { HomeListProps } from './todo-list';
import { TodoList } from './todo-list';
import { WelcomeHeader } from './welcome-header';

/** /platform/home: greeting, the reminders shown in the portal, the to-do list and the message center (their pagers and filter in the URL). */
export function HomeDashboard(props: HomeListProps) {
  return (
    <div className="space-y-4 sm:space-y-6">
      <WelcomeHeader />
      <ReminderBanner supplierId={props.supplierId} />
      <TodoList {...props} />
      <MessageCenter {...props} />
    </div>
  );
}
