import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract/endpoints';
import { findNotice, listNotices } from '../../db/notice-repo';
import { cities, cityModel, provinces } from '../../db/reference-repo';
import { notFound } from '../../http/api-error';
import { route } from '../../http/route';

export async function businessRoutes(app: FastifyInstance): Promise<void> {
  const { db, listCache, now } = app.services;

  route(app, 'business', endpoints.businessListByPage, async ({ input }) => {
    const { pageNo, pageSize } = input;
    const type = input.bindOrPurchase;
    const search = input.searchContent || undefined;
    // One statement answers the page and its total. The short per-instance cache (listCacheMs)
    // only spares repeats of the very same answer (a notice that closed within it moves to the
    // closed part a moment later); the benchmark measures without it.
    const key = `${type}|${pageNo}|${pageSize}|${search ?? ''}`;
    const { records, total, totalCapped } = await listCache.get(key, () => listNotices(db, { type, pageNo, pageSize, search, now: now() }));
    return { records, total, totalCapped, pageNo, pageSize };
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
