import { targetOf, type MessageKind, type TodoKind } from '@contract/home-values';

/**
 * Where a to-do or message is acted on. The visit application screens are another issue's;
 * their paths are written here as the strings they will be (`/platform/visitorApplyNew/$id`,
 * `/platform/visitorApplyNew/new?copy=`), so the link works as soon as those routes exist.
 */
export interface HomeTarget {
  to: string;
  params?: { id: string };
  search?: { copy: string };
  /** The same place as a URL: a system notification opens it. */
  href: string;
}

const withId = (to: string, id: string): HomeTarget => ({ to, params: { id }, href: to.replace('$id', encodeURIComponent(id)) });

/** A record's own screen: what a message opens. */
export function messageTarget(kind: MessageKind | TodoKind, refId: string): HomeTarget {
  switch (targetOf(kind)) {
    case 'tender':
      return withId('/platform/tenderManagement/$id', refId);
    case 'enquiry':
      return withId('/platform/bargaining/$id', refId);
    case 'communication':
      return withId('/platform/communicateRecord/$id', refId);
    case 'visitApplication':
      return withId('/platform/visitorApplyNew/$id', refId);
  }
}

/** Where a to-do's work is done: the record, except a returned visit, which is copied into a new application. */
export function todoTarget(kind: TodoKind, refId: string): HomeTarget {
  if (kind === 'visitReturned') {
    const to = '/platform/visitorApplyNew/new';
    return { to, search: { copy: refId }, href: `${to}?${new URLSearchParams({ copy: refId }).toString()}` };
  }
  return messageTarget(kind, refId);
}
