import { Code } from '../../../contract/codes';
import type { Locale } from '../../../contract/locales';
import { choiceProblem } from '../../../contract/rules';
import type { VisitApplication } from '../../../contract/schemas/visit';
import { visitDatesProblem } from '../../../contract/visit-values';
import type { Queryable } from '../../db/db';
import { departments } from '../../db/reference-repo';
import { findApplication } from '../../db/visit-application-repo';
import { isDictionaryCode } from '../../db/visit-repo';
import { ApiError, invalid, unauthorized } from '../../http/api-error';
import type { Session } from '../../http/context';

export interface ApplyingSupplier {
  supplierId: string;
  /** Who uploaded the files, as the files section shows it. */
  username: string;
  supplierName: string;
}

/** The caller: every supplier status may apply for visits (SPEC.md section 2, the menu entry). */
export function applyingSupplier(session: Session | null): ApplyingSupplier {
  if (!session) throw unauthorized();
  return { supplierId: session.supplierId, username: session.username, supplierName: session.supplierName };
}

/** E404 "data lost": what another supplier's application (or none) looks like. */
export const applicationLost = () => new ApiError(Code.notFound, 'dataLost');

/**
 * The checks the schema cannot make: the dates against the bid service's clock, every code a
 * dictionary entry, the department one of the base's. E400 on the first field at fault.
 */
export async function checkApplication(db: Queryable, a: VisitApplication, now: Date, locale: Locale): Promise<void> {
  const dates = visitDatesProblem(a.startDate, a.endDate, now.getTime());
  if (dates) throw invalid(dates.field, dates.key);
  const codes: Array<[string, string, string]> = [
    ['intention', 'visitIntention', a.intention],
    ['entryMethod', 'entryMethod', a.entryMethod],
    ...a.visitors.flatMap((v, i): Array<[string, string, string]> => [
      [`visitors.${i}.gender`, 'gender', v.gender],
      [`visitors.${i}.certificateType`, 'certificateType', v.certificateType],
      ...(v.meal ? [[`visitors.${i}.mealType`, 'mealType', v.mealType] as [string, string, string]] : []),
    ]),
    ...a.files.map((f, i): [string, string, string] => [`files.${i}.type`, 'visitFileType', f.type]),
    ['insurance.type', 'insuranceType', a.insurance.type],
    ['insurance.currency', 'currency', a.insurance.currency],
  ];
  for (const [field, type, code] of codes) if (!(await isDictionaryCode(db, type, code))) throw invalid(field, 'choiceInvalid');
  const ofBase = await departments(db, a.productionBase, locale);
  if (!ofBase) throw invalid('productionBase', 'choiceInvalid');
  // The rule the portal's form runs on the departments it holds.
  const department = choiceProblem(ofBase, a.department, 'departmentNotOfBase');
  if (department) throw invalid('department', department);
}

/**
 * A copy names the application it was copied from: the supplier's own (another supplier's or an
 * unknown one is E404 "data lost", as getById answers) and returned (E400 `copyNotReturned`). A
 * returned application may be copied again (a copy may have been withdrawn); its to-do ends with
 * the first copy.
 */
export async function checkCopiedFrom(db: Queryable, copiedFrom: string | undefined, supplierId: string): Promise<void> {
  if (copiedFrom === undefined) return;
  const source = await findApplication(db, { id: copiedFrom }, supplierId);
  if (!source) throw applicationLost();
  if (source.reviewStatus !== 'returned') throw invalid('copiedFrom', 'copyNotReturned');
}
