import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract/endpoints';
import { departments, dictionary, productionBases } from '../../db/reference-repo';
import { notFound } from '../../http/api-error';
import { route } from '../../http/route';

/** Reference data: dictionaries and the buyer's organisation, labelled in the request language. */
export async function commonRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.services;

  route(app, 'common', endpoints.commonGetSelectCodeCommonData, async ({ input, req }) => dictionary(db, input.type, req.locale));

  route(app, 'supplier', endpoints.supplierGetProductionBaseOrg, async ({ req }) => productionBases(db, req.locale));

  route(app, 'supplier', endpoints.supplierGetOrgCodeByProductionBase, async ({ input, req }) => {
    const list = await departments(db, input.productionBase, req.locale);
    if (!list) throw notFound();
    return list;
  });
}
