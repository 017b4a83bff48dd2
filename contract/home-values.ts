/**
 * The home page (SPEC.md section 2): the to-do list and the message center. Without zod: the
 * platform layout shows the menu counts on every screen and must not load schemas for them.
 *
 * A to-do is derived at read time from the records themselves, so it disappears the moment the
 * work is done; a message is an event the bid service writes in the same transaction as the
 * change that causes it, so none is lost or doubled.
 */

/**
 * What the supplier must act on, and where (the portal links each kind to its screen):
 * - `depositDue`: a tender record signed up or with its deposit rejected, before the cut-off time
 * - `bidDue`: a tender record whose deposit is confirmed and whose bid file and bill of materials
 *   are still missing, before the cut-off time
 * - `quoteDue`: an enquiry whose open round waits for this supplier's quote, before its deadline
 * - `communicationReplied`: a thread the buyer answered last (until the supplier replies)
 * - `visitReturned`: a visit application returned by the buyer, until it is copied into a new one
 */
export const TODO_KINDS = ['depositDue', 'bidDue', 'quoteDue', 'communicationReplied', 'visitReturned'] as const;
export type TodoKind = (typeof TODO_KINDS)[number];

/**
 * What happened (message center):
 * - `depositConfirmed`, `depositRejected` (note: the buyer's reason), `resultAnnounced` (note:
 *   `won` or `lost`), `depositRefunded`: a tender record's changes by the buyer
 * - `enquiryNew`, `roundOpened` (note: the round number): an enquiry sent to this supplier
 * - `communicationReplied`: the buyer answered a thread
 * - `visitApproved`, `visitReturned` (note: the buyer's reason): a visit application reviewed
 */
export const MESSAGE_KINDS = [
  'depositConfirmed',
  'depositRejected',
  'resultAnnounced',
  'depositRefunded',
  'enquiryNew',
  'roundOpened',
  'communicationReplied',
  'visitApproved',
  'visitReturned',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** The screen a to-do or message opens: what `refId` names. */
export type HomeTarget = 'tender' | 'enquiry' | 'communication' | 'visitApplication';

const TARGETS: Record<TodoKind | MessageKind, HomeTarget> = {
  depositDue: 'tender',
  bidDue: 'tender',
  depositConfirmed: 'tender',
  depositRejected: 'tender',
  resultAnnounced: 'tender',
  depositRefunded: 'tender',
  quoteDue: 'enquiry',
  enquiryNew: 'enquiry',
  roundOpened: 'enquiry',
  communicationReplied: 'communication',
  visitReturned: 'visitApplication',
  visitApproved: 'visitApplication',
};

export const targetOf = (kind: TodoKind | MessageKind): HomeTarget => TARGETS[kind];

/** The menu entry whose count a to-do adds to (the platform layout's badges). */
export type TodoArea = 'tenders' | 'enquiries' | 'communication' | 'visits';
export const TODO_AREAS: Record<TodoKind, TodoArea> = {
  depositDue: 'tenders',
  bidDue: 'tenders',
  quoteDue: 'enquiries',
  communicationReplied: 'communication',
  visitReturned: 'visits',
};

/** At most this many ids in one mark-read call. */
export const MARK_READ_MAX = 100;
