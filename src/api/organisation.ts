import { calls } from '@contract/calls';
import { queryOptions } from '@tanstack/react-query';
import { request } from './request';

/**
 * The buyer's organisation: production bases and their departments (labels in the request
 * language, so the language is part of the key). Shared reference data: the supplier form's
 * counterpart and the visit application's visited base read the same cached answers.
 */
export const productionBasesQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: ['organisation', 'productionBases', locale] as const,
    queryFn: ({ signal }) => request(calls.supplierGetProductionBaseOrg, {}, { signal }),
    staleTime: Infinity,
  });

/** Departments of one production base; not asked before a base is chosen. */
export const departmentsQueryOptions = (productionBase: string, locale: string) =>
  queryOptions({
    queryKey: ['organisation', 'departments', productionBase, locale] as const,
    queryFn: ({ signal }) => request(calls.supplierGetOrgCodeByProductionBase, { productionBase }, { signal }),
    enabled: productionBase !== '',
    staleTime: Infinity,
  });

/**
 * The buyer's staff a supplier may name as counterpart, offered as suggestions for the
 * counterpart account (narrowed by the chosen base and department; not asked before a base).
 */
export const counterpartsQueryOptions = (productionBase: string, department: string, locale: string) =>
  queryOptions({
    queryKey: ['organisation', 'counterparts', productionBase, department, locale] as const,
    queryFn: ({ signal }) =>
      request(calls.supplierSysLoginUserCounterpart, { productionBase, department }, { signal, suppressError: true }),
    enabled: productionBase !== '',
    staleTime: Infinity,
  });
