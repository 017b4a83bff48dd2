import { calls } from '@contract/calls';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/api/request';

/** Departments of one production base (the counterpart department choices). */
export const departmentsQueryOptions = (productionBase: string, locale: string) =>
  queryOptions({
    queryKey: ['supplier', 'departments', productionBase, locale] as const,
    queryFn: ({ signal }) => request(calls.supplierGetOrgCodeByProductionBase, { productionBase }, { signal }),
    enabled: productionBase !== '',
    staleTime: Infinity,
  });
