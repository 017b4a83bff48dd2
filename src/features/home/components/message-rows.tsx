import type { HomeMessage } from '@contract/schemas/home';
import { Trans, useLingui } from '@lingui/react/macro';
import { DateTime } from '@/ui/date-time';
import { ScrollRegion } from '@/ui/scroll-region';
import { messageTarget } from '../home-links';
import { messageContent } from '../home-texts';
import { TargetLink } from './target-link';

export interface MessageRowsProps {
  rows: HomeMessage[];
  /** The supplier opened an unread message (its link): it is marked read on the way. */
  onOpen: (message: HomeMessage) => void;
}

/** "未读" in words and a dot, so the mark does not rest on bold type or colour alone. */
function UnreadMark() {
  return (
    <span className="badge badge-amber inline-flex items-center gap-1 whitespace-nowrap">
      <span className="size-1.5 rounded-full bg-current" aria-hidden="true" />
      <Trans>未读</Trans>
    </span>
  );
}

function MessageLink({ message, onOpen }: { message: HomeMessage; onOpen: MessageRowsProps['onOpen'] }) {
  return (
    <TargetLink
      target={messageTarget(message.kind, message.refId)}
      className="link break-all tabular-nums"
      onClick={() => !message.read && onOpen(message)}
    >
      {message.number}
    </TargetLink>
  );
}

export function MessageTable({ rows, onOpen }: MessageRowsProps) {
  const { t, i18n } = useLingui();
  return (
    <ScrollRegion label={t`消息表格`}>
      <table className="table [&_td]:px-3 [&_th]:px-3">
        <thead>
          <tr>
            <th scope="col">
              <Trans>招标编号</Trans>
            </th>
            <th scope="col">
              <Trans>投标截止时间</Trans>
            </th>
            <th scope="col">
              <Trans>招标名称</Trans>
            </th>
            <th scope="col">
              <Trans>内容</Trans>
            </th>
            <th scope="col">
              <Trans>创建时间</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className={row.read ? 'text-slate-600' : 'font-semibold text-slate-900'} data-read={row.read}>
              <td>
                <span className="flex flex-wrap items-center gap-2 whitespace-nowrap">
                  {row.read ? null : <UnreadMark />}
                  <MessageLink message={row} onOpen={onOpen} />
                </span>
              </td>
              <td className="max-w-28 whitespace-normal tabular-nums">
                <DateTime value={row.deadline} />
              </td>
              <td className="max-w-48 break-words whitespace-normal">{row.name}</td>
              <td className="max-w-64 break-words whitespace-normal">{messageContent(i18n, row)}</td>
              <td className="max-w-24 whitespace-normal tabular-nums">
                <DateTime value={row.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function MessageCard({ message, onOpen }: { message: HomeMessage; onOpen: MessageRowsProps['onOpen'] }) {
  const { i18n } = useLingui();
  const titleId = `message-${message.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className={`h-full rounded-lg border p-4 ${message.read ? 'border-slate-200 bg-white' : 'border-amber-300 bg-amber-50/40'}`}
      data-read={message.read}
    >
      <div className="flex flex-wrap items-center gap-2">
        {message.read ? null : <UnreadMark />}
        <MessageLink message={message} onOpen={onOpen} />
      </div>
      <h3 id={titleId} className={`mt-1 break-words ${message.read ? 'font-medium' : ''}`}>
        {messageContent(i18n, message)}
      </h3>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
        <dt className="text-slate-500">
          <Trans>招标名称</Trans>
        </dt>
        <dd className="break-words">{message.name}</dd>
        <dt className="text-slate-500">
          <Trans>投标截止时间</Trans>
        </dt>
        <dd>
          <DateTime value={message.deadline} />
        </dd>
        <dt className="text-slate-500">
          <Trans>创建时间</Trans>
        </dt>
        <dd>
          <DateTime value={message.createdAt} />
        </dd>
      </dl>
    </article>
  );
}

export function MessageCards({ rows, onOpen }: MessageRowsProps) {
  return (
    // `.card-list` (src/styles.css): a card off screen is neither laid out nor painted.
    <ul className="card-list">
      {rows.map((row) => (
        <li key={row.id}>
          <MessageCard message={row} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}
