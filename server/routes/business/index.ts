import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract/endpoints';
import { countNotices, findNotice, listNotices } from '../../db/notice-repo';
import { cities, cityModel, provinces } from '../../db/reference-repo';
import { notFound } from '../../http/api-error';
import { route } from '../../http/route';

export async function businessRoutes(app: FastifyInstance): Promise<void> {
  const { db, listCache } = app.services;

  route(app, 'business', endpoints.businessListByPage, async ({ input }) => {
    const type = input.bindOrPurchase;
    const search = input.searchContent || undefined;
    const [records, total] = await Promise.all([
      listCache.get(`page|${type}|${input.pageNo}|${input.pageSize}|${search ?? ''}`, () => listNotices(db, { type, pageNo: input.pageNo, pageSize: input.pageSize, search })),
      // The count does not depend on the page, so every page of one search shares it.
      listCache.get(`count|${type}|${search ?? ''}`, () => countNotices(db, type, search)),
    ]);
    return { records, total, pageNo: input.pageNo, pageSize: input.pageSize };
  });

  route(app, 'business', endpoints.businessGetById, async ({ input }) => {
    const notice = await findNotice(db, input.id);
    if (!notice) throw notFound();
    return notice;
  });

  route(app, 'business', endpoints.businessGetByProvinceCode, async ({ input, req }) => {
    if (!input.provinceCode) return provinces(db, req.locale);
    const list = await cities(db, input.provinceCode, req.locale);
    if (!list) throw notFound();
    return list;
  });

  route(app, 'business', endpoints.businessGetCityModelByCityCode, async ({ input, req }) => {
    const city = await cityModel(db, input.cityCode, req.locale);
    if (!city) throw notFound();
    return city;
  });
}
