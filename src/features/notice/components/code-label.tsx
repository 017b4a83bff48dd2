import type { DICTIONARY_TYPES } from '@contract/schemas/common';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { dictionaryQueryOptions } from '@/api/dictionary';

/** The label of a dictionary code in the interface language; the code itself until (or unless) the dictionary answers. */
export function CodeLabel({ type, code }: { type: (typeof DICTIONARY_TYPES)[number]; code: string }) {
  const { i18n } = useLingui();
  const { data } = useQuery(dictionaryQueryOptions(type, i18n.locale));
  const label = data?.find((o) => o.code === code)?.label;
  if (!code) return <>—</>;
  return <>{label ?? code}</>;
}
