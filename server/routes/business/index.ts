import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract/endpoints';
import { countNotices, findNotice, listNotices, matchNotices, noticesByIds } from '../../db/notice-repo';
import { cities, cityModel, provinces } from '../../db/reference-repo';
import { notFound } from '../../http/api-error';
import { route } from '../../http/route';

export async function businessRoutes(app: FastifyInstance): Promise<void> {
  const { db, listCache, searchCache } = app.services;

  route(app, 'business', endpoints.businessListByPage, async ({ input }) => {
    const { pageNo, pageSize } = input;
    const type = input.bindOrPurchase;
    const search = input.searchContent || undefined;
    const page = { pageNo, pageSize };
    if (!search) {
      const [records, total] = await Promise.all([
        listCache.get(`page|${type}|${pageNo}|${pageSize}`, () => listNotices(db, { type, ...page })),
        listCache.get(`count|${type}`, () => countNotices(db, type)),
      ]);
      return { records, total, ...page };
    }
    // One pass per search term answers its count and all its pages (see matchNotices).
    const matches = await searchCache.get(`${type}|${search}`, () => matchNotices(db, type, search));
    const from = (pageNo - 1) * pageSize;
    const records = await listCache.get(`page|${type}|${pageNo}|${pageSize}|${search}`, () =>
      from + pageSize <= matches.ids.length || matches.ids.length === matches.total
        ? noticesByIds(db, matches.ids.slice(from, from + pageSize))
        : listNotices(db, { type, ...page, search }),
    );
    return { records, total: matches.total, ...page };
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
