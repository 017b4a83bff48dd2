import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { dictionaryQueryOptions } from '@/api/dictionary';
import { departmentsQueryOptions, productionBasesQueryOptions } from '@/api/organisation';
import { relatedProjectsQueryOptions } from './list-related-projects';

/** Every dictionary the visit form offers, whether or not its field is on screen yet. */
export const VISIT_DICTIONARIES = [
  'visitIntention',
  'entryMethod',
  'gender',
  'certificateType',
  'mealType',
  'visitFileType',
  'insuranceType',
  'currency',
] as const;

/**
 * Reads, once the form opens with a connection, every choice the form can offer: all its
 * dictionaries, the production bases with each base's departments, and the related projects.
 * A field coordinator who opens the form once online can then fill all of it at a site with no
 * signal (meal types and file types appear only when chosen, a base may be changed there), and
 * after a reload there too: the supplier's answers are kept on the device (src/app/query-persist.ts),
 * and the public ones by the service worker. Offline, or when an answer is already cached, nothing
 * is asked.
 */
export async function prefetchVisitReferenceData(
  client: ReturnType<typeof useQueryClient>,
  supplierId: string,
  locale: string,
): Promise<void> {
  const dictionaries = VISIT_DICTIONARIES.map((type) => client.prefetchQuery(dictionaryQueryOptions(type, locale)));
  const projects = client.prefetchQuery(relatedProjectsQueryOptions(supplierId));
  const bases = await client.fetchQuery(productionBasesQueryOptions(locale)).catch(() => []);
  await Promise.all([...dictionaries, projects, ...bases.map((base) => client.prefetchQuery(departmentsQueryOptions(base.code, locale)))]);
}

/** Runs prefetchVisitReferenceData when the form opens online, and again when the connection returns. */
export function usePrefetchVisitReferenceData(supplierId: string, locale: string, online: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (online) void prefetchVisitReferenceData(client, supplierId, locale);
  }, [client, supplierId, locale, online]);
}
