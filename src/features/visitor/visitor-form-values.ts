import type { VisitPass, VisitorPerson } from '@contract/schemas/visitor';

/** Radios start unchosen: SPEC.md asks for an explicit meal and lodging choice. */
export type YesNo = '' | 'yes' | 'no';

export type VisitorFormValues = {
  name: string;
  gender: string;
  certificateType: string;
  certificateNo: string;
  phone: string;
  meal: YesNo;
  mealType: string;
  lodging: YesNo;
};

export const FIELD_ORDER = ['name', 'gender', 'certificateType', 'certificateNo', 'phone', 'meal', 'mealType', 'lodging'] as const;

const yesNo = (v: boolean | null | undefined): YesNo => (v === true ? 'yes' : v === false ? 'no' : '');
const bool = (v: YesNo) => (v === 'yes' ? true : v === 'no' ? false : undefined);

export function emptyVisitorValues(pass: Pick<VisitPass, 'phone' | 'visitorName'>): VisitorFormValues {
  return {
    name: pass.visitorName ?? '',
    gender: '',
    certificateType: '',
    certificateNo: '',
    phone: pass.phone,
    meal: '',
    mealType: '',
    lodging: '',
  };
}

export function valuesFromPerson(person: VisitorPerson): VisitorFormValues {
  return {
    name: person.name,
    gender: person.gender,
    certificateType: person.certificateType,
    certificateNo: person.certificateNo,
    phone: person.phone,
    meal: yesNo(person.meal),
    mealType: person.mealType ?? '',
    lodging: yesNo(person.lodging),
  };
}

/** The wire shape; an unchosen radio stays undefined so the contract says "required". Meal type only goes with a meal. */
export function personFromValues(v: VisitorFormValues): Record<keyof VisitorPerson, unknown> {
  const meal = bool(v.meal);
  return {
    name: v.name.trim(),
    gender: v.gender,
    certificateType: v.certificateType,
    certificateNo: v.certificateNo.trim(),
    phone: v.phone.trim(),
    meal,
    mealType: meal ? v.mealType : '',
    lodging: bool(v.lodging),
  };
}
