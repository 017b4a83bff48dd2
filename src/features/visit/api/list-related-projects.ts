import { calls } from '@contract/calls';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/api/request';

export interface RelatedProject {
  /** The tender no or enquiry no the application names. */
  no: string;
  title: string;
}

/**
 * What a visit application may relate to: the supplier's tenders and enquiries (their latest
 * hundred each), offered as suggestions; the field also takes a typed project. Either list may be
 * closed to the supplier's status (tenders: A104/A141; enquiries: not A101): then it is empty.
 */
export const relatedProjectsQueryOptions = (supplierId: string) =>
  queryOptions({
    queryKey: ['visitApply', supplierId, 'relatedProjects'] as const,
    queryFn: async ({ signal }): Promise<RelatedProject[]> => {
      const quiet = { signal, suppressError: true } as const;
      const [tenders, enquiries] = await Promise.allSettled([
        request(calls.tenderListByPage, { pageNo: 1, pageSize: 100 }, quiet),
        request(calls.enquiryListByPage, { pageNo: 1, pageSize: 100 }, quiet),
      ]);
      const seen = new Set<string>();
      const out: RelatedProject[] = [];
      const add = (no: string, title: string) => {
        if (seen.has(no)) return;
        seen.add(no);
        out.push({ no, title });
      };
      if (tenders.status === 'fulfilled') for (const r of tenders.value.records) add(r.tenderNo, r.title);
      if (enquiries.status === 'fulfilled') for (const e of enquiries.value.records) add(e.enquiryNo, e.theme);
      return out;
    },
    staleTime: 5 * 60_000,
  });
