import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { EmptyState } from '@/ui/empty-state';

/**
 * A to-do or message table with the columns of SPEC.md section 2. The empty state sits
 * under the header row, outside the scrolling area, so it stays centred on a phone.
 */
export function HomeTable({ id, title, emptyText }: { id: string; title: ReactNode; emptyText: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card">
      <h2 id={id} className="mb-4">
        {title}
      </h2>
      <div className="table-wrap">
        <table className="table" aria-labelledby={id}>
          <thead>
            <tr>
              <th scope="col"><Trans>招标编号</Trans></th>
              <th scope="col"><Trans>投标截止时间</Trans></th>
              <th scope="col"><Trans>招标名称</Trans></th>
              <th scope="col"><Trans>内容</Trans></th>
              <th scope="col"><Trans>创建时间</Trans></th>
            </tr>
          </thead>
          <tbody />
        </table>
      </div>
      <EmptyState title={emptyText} />
    </section>
  );
}
