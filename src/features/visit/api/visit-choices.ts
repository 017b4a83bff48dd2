import { useQueries, useQuery } from '@tanstack/react-query';
import { dictionaryQueryOptions } from '@/api/dictionary';
import { departmentsQueryOptions, productionBasesQueryOptions } from '@/api/organisation';
import type { VisitChoices } from '../form/visit-errors';
import { VISIT_DICTIONARIES } from './prefetch-reference-data';

/**
 * The visit form's choices as this device holds them, read from the same cached answers its
 * fields offer (never fetched offline: then undefined, and nothing is said about them).
 */
export function useVisitChoices(productionBase: string, locale: string): VisitChoices {
  const dictionaries = useQueries({
    queries: VISIT_DICTIONARIES.map((type) => dictionaryQueryOptions(type, locale)),
    combine: (results) =>
      Object.fromEntries(VISIT_DICTIONARIES.map((type, i) => [type, results[i]?.data])) as NonNullable<VisitChoices['dictionaries']>,
  });
  const bases = useQuery(productionBasesQueryOptions(locale));
  const departments = useQuery(departmentsQueryOptions(productionBase, locale));
  return { dictionaries, bases: bases.data, departments: { base: productionBase, options: departments.data } };
}
