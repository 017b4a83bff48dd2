import type { Locale } from '@contract/locales';
import type { FileRef } from '@contract/schemas/common';
import { registerRequest, supplierFields } from '@contract/schemas/supplier';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { fieldErrors } from '@/api/validation';
import {
  ACCOUNT_ORDER,
  foldErrors,
  SUPPLIER_ORDER,
  toSupplierPayload,
  writeText,
  type AccountValues,
  type FilePath,
  type SupplierFormValues,
  type TextPath,
} from './supplier-form-values';

export type SupplierFormMode = 'register' | 'update';

/**
 * State of the supplier form checked with the contract: supplierFields, or registerRequest
 * when registering. Blur checks that field; a change re-checks only fields already in error,
 * so messages clear as they are fixed; submit checks everything.
 */
export function useSupplierForm(mode: SupplierFormMode, initial: SupplierFormValues, initialAccount: AccountValues) {
  const { i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const [values, setValues] = useState(initial);
  const [account, setAccount] = useState(initialAccount);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const payload = (v: SupplierFormValues, a: AccountValues) =>
    mode === 'register' ? { ...toSupplierPayload(v), ...a } : toSupplierPayload(v);
  const check = (v: SupplierFormValues, a: AccountValues) =>
    foldErrors(fieldErrors(mode === 'register' ? registerRequest : supplierFields, payload(v, a), locale));

  const recheck = (v: SupplierFormValues, a: AccountValues) =>
    setErrors((current) => {
      if (Object.keys(current).length === 0) return current;
      const all = check(v, a);
      const kept: Record<string, string> = {};
      for (const key of Object.keys(current)) if (all[key]) kept[key] = all[key];
      return kept;
    });

  const setText = (path: TextPath, value: string, also?: Partial<SupplierFormValues>) => {
    const next = { ...writeText(values, path, value), ...also };
    setValues(next);
    recheck(next, account);
  };

  const setFiles = (path: FilePath, files: FileRef[]) => {
    const next = { ...values, [path]: files };
    setValues(next);
    // A file choice is a complete action: check it at once, like a blur.
    const message = check(next, account)[path];
    setErrors((current) => {
      const { [path]: _old, ...rest } = current;
      return message ? { ...rest, [path]: message } : rest;
    });
  };

  const setAccountValue = (name: keyof AccountValues, value: string) => {
    const next = { ...account, [name]: value };
    setAccount(next);
    recheck(values, next);
  };

  const blur = (path: string) => {
    const message = check(values, account)[path];
    setErrors((current) => {
      const { [path]: _old, ...rest } = current;
      return message ? { ...rest, [path]: message } : rest;
    });
  };

  /** All problems in the order of the fields on screen. */
  const validate = (): string[] => {
    const all = check(values, account);
    setErrors(all);
    return orderedPaths(all, mode);
  };

  const showServerErrors = (serverErrors: Record<string, string>): string[] => {
    const folded = foldErrors(serverErrors);
    setErrors(folded);
    return orderedPaths(folded, mode);
  };

  return {
    mode,
    values,
    account,
    errors,
    setText,
    setFiles,
    setAccountValue,
    blur,
    validate,
    showServerErrors,
    payload: () => payload(values, account),
  };
}

export type SupplierForm = ReturnType<typeof useSupplierForm>;

function orderedPaths(errors: Record<string, string>, mode: SupplierFormMode): string[] {
  const order: readonly string[] = mode === 'register' ? [...ACCOUNT_ORDER, ...SUPPLIER_ORDER] : SUPPLIER_ORDER;
  const known = order.filter((p) => errors[p]);
  // Paths the form has no field for still count, so the summary never says "0 problems".
  const other = Object.keys(errors).filter((p) => !order.includes(p));
  return [...known, ...other];
}
