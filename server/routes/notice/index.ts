import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract/endpoints';
import { Code } from '../../../contract/codes';
import { isStatementTimeout } from '../../db/db';
import { CappedTerms, findNotice, listNotices } from '../../db/notice-repo';
import { cities, cityModel, provinces } from '../../db/reference-repo';
import { addressGate } from '../../http/address-gate';
import { ApiError, notFound } from '../../http/api-error';
import { route } from '../../http/route';

/** Searches of the public lists one client address may have running at once, and waiting. */
export const SEARCHES_PER_ADDRESS = { running: 2, waiting: 8 } as const;

const searchBusy = () => new ApiError(Code.tooManyAttempts, 'searchBusy');

export async function noticeRoutes(app: FastifyInstance): Promise<void> {
  const { db, listCache, now } = app.services;
  // A search costs what its term and page make it cost, and anyone can send one: each address
  // gets its share (address-gate.ts), and on PostgreSQL searches run on connections of their own
  // with a timeout (db.ts, searchQuery). A plain page is cheap and is not held back.
  const searches = addressGate({ ...SEARCHES_PER_ADDRESS, refuse: searchBusy });
  const cappedTerms = new CappedTerms();

  route(app, 'business', endpoints.businessListByPage, async ({ input, req }) => {
    const { pageNo, pageSize } = input;
    const type = input.bindOrPurchase;
    const search = input.searchContent || undefined;
    // One statement answers the page and its total. The short per-instance cache (listCacheMs)
    // only spares repeats of the very same answer (a notice that closed within it moves to the
    // closed part a moment later); the benchmark measures without it.
    const key = `${type}|${pageNo}|${pageSize}|${search ?? ''}`;
    const load = () => listNotices(db, { type, pageNo, pageSize, search, now: now() }, cappedTerms);
    const { records, total, totalCapped } = await listCache.get(key, async () => {
      if (!search) return load();
      try {
        return await searches.run(req.ip, load);
      } catch (error) {
        throw isStatementTimeout(error) ? searchBusy() : error;
      }
    });
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
