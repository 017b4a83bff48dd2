import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../../contract/locales';
import { endpoints } from '../../../contract/endpoints';
import { counterparts, departments, dictionaries, dictionary, productionBases, searchDictionary } from '../../db/reference-repo';
import { notFound } from '../../http/api-error';
import { route } from '../../http/route';

/** Reference data: dictionaries and the buyer's organisation, labelled in the request language. */
export async function commonRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.services;

  route(app, 'common', endpoints.commonGetSelectCodeCommonData, async ({ input, req }) => dictionary(db, input.type, req.locale));

  route(app, 'supplier', endpoints.supplierGetProductionBaseOrg, async ({ req }) => productionBases(db, req.locale));

  const departmentsOf = async ({ input, req }: { input: { productionBase: string }; req: { locale: Locale } }) => {
    const list = await departments(db, input.productionBase, req.locale);
    if (!list) throw notFound();
    return list;
  };
  route(app, 'supplier', endpoints.supplierGetOrgCodeByProductionBase, departmentsOf);

  // The other names SPEC.md section 7 gives reference calls (docs/decisions/reference-data-calls.md).
  route(app, 'common', endpoints.commonGetOrgCodeByProductionBase, departmentsOf);
  route(app, 'supplier', endpoints.supplierQuerySelectCodeData, async ({ input, req }) => dictionary(db, input.type, req.locale));
  route(app, 'supplier', endpoints.supplierGetSysDictCommonData, async ({ input, req }) =>
    dictionaries(db, [...new Set(input.types)], req.locale),
  );
  route(app, 'common', endpoints.commonGetSelectCodeCommonDataSmart, async ({ input, req }) =>
    searchDictionary(db, input.type, input.keyword, req.locale),
  );
  route(app, 'supplier', endpoints.supplierSysLoginUserCounterpart, async ({ input, req }) => counterparts(db, input, req.locale));
}
