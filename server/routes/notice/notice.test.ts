import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../contract/endpoints';
import { ENGINE } from '../../test/engine';
import { build } from '../../test/helper';
import { CappedTerms } from '../../db/notice-repo';
import { SEARCHES_PER_ADDRESS } from '.';

const t = await build();

describe('businessListByPage', () => {
  it('lists bidding notices by default, open ones first by nearest deadline, then closed ones latest first', async () => {
    const res = await t.post('/business/listByPage', { pageSize: 100 });
    expect(res.code).toBe('E000');
    const data = endpoints.businessListByPage.response.parse(res.data);
    expect(data.total).toBe(60);
    expect(data.totalCapped).toBe(false);
    expect(data.records).toHaveLength(60);
    expect(data.records.every((r) => r.bindOrPurchase === 0)).toBe(true);
    const now = t.clock.now.getTime();
    const open = data.records.filter((r) => Date.parse(r.cutoffTime) > now).map((r) => Date.parse(r.cutoffTime));
    const closed = data.records.filter((r) => Date.parse(r.cutoffTime) <= now).map((r) => Date.parse(r.cutoffTime));
    // The demo data has both, so the order is shown on both sides of the boundary.
    expect(open.length).toBeGreaterThan(5);
    expect(closed.length).toBeGreaterThan(5);
    expect(data.records.slice(0, open.length).map((r) => Date.parse(r.cutoffTime))).toEqual([...open].sort((a, b) => a - b));
    expect(closed).toEqual([...closed].sort((a, b) => b - a));
  });

  it('moves a notice to the closed part when the clock passes its deadline, and pages agree with the whole list', async () => {
    const whole = async () =>
      (await t.post<{ records: Array<{ id: string; cutoffTime: string }> }>('/business/listByPage', { pageSize: 100 })).data.records;
    const before = await whole();
    const firstOpen = before[0]!;
    const saved = t.clock.now;
    try {
      t.clock.now = new Date(Date.parse(firstOpen.cutoffTime) + 1000);
      const after = await whole();
      expect(after[0]!.id).not.toBe(firstOpen.id);
      const closedStart = after.findIndex((r) => Date.parse(r.cutoffTime) <= t.clock.now.getTime());
      // The latest closed now (notices closing at the same moment: the newest id first).
      expect(after[closedStart]!.cutoffTime).toBe(firstOpen.cutoffTime);
      expect(after.findIndex((r) => r.id === firstOpen.id)).toBeGreaterThanOrEqual(closedStart);
      // Every page size, every page: the pages laid end to end are the whole list.
      for (const pageSize of [10, 20, 50]) {
        const pages: string[] = [];
        for (let pageNo = 1; pageNo <= Math.ceil(60 / pageSize); pageNo++) {
          const page = await t.post<{ records: Array<{ id: string }> }>('/business/listByPage', { pageNo, pageSize });
          pages.push(...page.data.records.map((r) => r.id));
        }
        expect(pages).toEqual(after.map((r) => r.id));
      }
    } finally {
      t.clock.now = saved;
    }
  });

  it('pages purchasing notices', async () => {
    const page1 = await t.post<{ records: Array<{ id: string }>; total: number }>('/business/listByPage', {
      bindOrPurchase: 1,
      pageNo: 1,
      pageSize: 20,
    });
    const page2 = await t.post<{ records: Array<{ id: string }>; total: number }>('/business/listByPage', {
      bindOrPurchase: 1,
      pageNo: 2,
      pageSize: 20,
    });
    expect(page1.data.total).toBe(40);
    expect(page2.data.records).toHaveLength(20);
    expect(page1.data.records.map((r) => r.id)).not.toContain(page2.data.records[0]!.id);
    const beyond = await t.post<{ records: unknown[]; total: number }>('/business/listByPage', {
      bindOrPurchase: 1,
      pageNo: 99,
      pageSize: 100,
    });
    expect(beyond.data).toMatchObject({ records: [], total: 40 });
  });

  it('searches tender number, title, issuing unit and location case-insensitively', async () => {
    const byNo = await t.post<{ records: Array<{ tenderNo: string }>; total: number }>('/business/listByPage', {
      searchContent: 'zb20260007',
    });
    expect(byNo.data.records.map((r) => r.tenderNo)).toEqual(['ZB20260007']);
    const byTitle = await t.post<{ records: Array<{ title: string }>; total: number }>('/business/listByPage', {
      searchContent: '淀粉',
      pageSize: 100,
    });
    expect(byTitle.data.total).toBe(6);
    expect(byTitle.data.records.every((r) => r.title.includes('淀粉'))).toBe(true);
    const byUnit = await t.post<{ total: number }>('/business/listByPage', { searchContent: '北海林浆纸' });
    const byPlace = await t.post<{ total: number }>('/business/listByPage', { searchContent: '越南' });
    expect(byUnit.data.total).toBe(8);
    expect(byPlace.data.total).toBe(15);
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    const res = await t.post<{ total: number }>('/business/listByPage', { searchContent: '%_%' });
    expect(res.data.total).toBe(0);
  });

  it.each([
    [{ pageSize: 15 }, 'pageSize'],
    [{ pageNo: 0 }, 'pageNo'],
    [{ pageNo: 'abc' }, 'pageNo'],
    [{ bindOrPurchase: 2 }, 'bindOrPurchase'],
    [{ searchContent: 'x'.repeat(101) }, 'searchContent'],
    [{ searchContent: 42 }, 'searchContent'],
  ])('refuses %j with E400 on %s', async (body, field) => {
    const res = await t.post<Array<{ field: string; message: string }>>('/business/listByPage', body);
    expect(res.code).toBe('E400');
    expect(res.data.map((e) => e.field)).toContain(field);
  });
});

describe('businessGetById', () => {
  it('answers a notice with its details', async () => {
    const list = await t.post<{ records: Array<{ id: string }> }>('/business/listByPage', {});
    const res = await t.post('/business/getById', { id: list.data.records[0]!.id });
    expect(res.code).toBe('E000');
    const detail = endpoints.businessGetById.response.parse(res.data);
    expect(detail.typicalMaterials).toHaveLength(4);
    expect(detail.buyerContact.phone).toMatch(/^1\d{10}$/);
    expect(detail.referenceTemplate?.path).toMatch(/^p\//);
  });

  it.each([['999999'], ['abc'], ['1; DROP TABLE notices'], ['99999999999999999999']])('answers E404 for unknown id %s', async (id) => {
    expect((await t.post('/business/getById', { id })).code).toBe('E404');
  });

  it('refuses a missing or oversized id with E400', async () => {
    expect((await t.post('/business/getById', {})).code).toBe('E400');
    expect((await t.post('/business/getById', { id: 'x'.repeat(65) })).code).toBe('E400');
    expect((await t.post('/business/getById', { id: 7 })).code).toBe('E400');
  });
});

describe('regions', () => {
  it('lists provinces, then the cities of one, in the request language', async () => {
    const provinces = await t.get<Array<{ code: string; label: string }>>('/business/getByProvinceCode', {}, { lang: 'zh-CN' });
    expect(provinces.data).toContainEqual({ code: '440000', label: '广东省' });
    const cities = await t.get<Array<{ code: string; label: string }>>(
      '/business/getByProvinceCode',
      { provinceCode: '440000' },
      { lang: 'en' },
    );
    expect(cities.data).toContainEqual({ code: '441900', label: 'Dongguan' });
  });

  it('answers a city with its province', async () => {
    const res = await t.get('/business/getCityModelByCityCode', { cityCode: '320500' }, { lang: 'vie' });
    expect(res).toMatchObject({
      code: 'E000',
      data: { cityCode: '320500', cityName: 'Tô Châu', provinceCode: '320000', provinceName: 'Giang Tô' },
    });
  });

  it('answers E404 for unknown codes and E400 for bad ones', async () => {
    expect((await t.get('/business/getByProvinceCode', { provinceCode: '999999' })).code).toBe('E404');
    expect((await t.get('/business/getCityModelByCityCode', { cityCode: '999999' })).code).toBe('E404');
    expect((await t.get('/business/getCityModelByCityCode', {})).code).toBe('E400');
    expect((await t.get('/business/getByProvinceCode', { provinceCode: 'x'.repeat(13) })).code).toBe('E400');
  });
});

describe('businessListByPage search index', () => {
  interface Row {
    id: string;
    bind_or_purchase: number;
    tender_no: string;
    title: string;
    issuing_unit: string;
    project_address: string;
    cutoff_time: Date;
  }
  const all = () =>
    t.db.query<Row>('SELECT id::text AS id, bind_or_purchase, tender_no, title, issuing_unit, project_address, cutoff_time FROM notices');
  /** The ids a search must answer, in list order (open by nearest deadline, then closed latest first), by brute force. */
  const expected = (rows: Row[], type: number, term: string, now = t.clock.now.getTime()) => {
    const open = (r: Row) => +r.cutoff_time > now;
    return rows
      .filter(
        (r) =>
          r.bind_or_purchase === type &&
          [r.tender_no, r.title, r.issuing_unit, r.project_address].some((f) => f.toLowerCase().includes(term.toLowerCase())),
      )
      .sort((a, b) =>
        open(a) !== open(b)
          ? open(a)
            ? -1
            : 1
          : open(a)
            ? +a.cutoff_time - +b.cutoff_time || Number(a.id) - Number(b.id)
            : +b.cutoff_time - +a.cutoff_time || Number(b.id) - Number(a.id),
      )
      .map((r) => r.id);
  };
  const search = async (type: number, term: string, pageSize = 100) =>
    (
      await t.post<{ records: Array<{ id: string }>; total: number }>('/business/listByPage', {
        bindOrPurchase: type,
        searchContent: term,
        pageSize,
      })
    ).data;

  it.each([['纸'], ['淀'], ['瓦楞'], ['东莞'], ['纸业有'], ['玉米淀粉'], ['zb2026'], ['ZB20260007'], ['广东省东莞市'], ['钢']])(
    'answers %s like a scan of every notice, on both lists',
    async (term) => {
      const rows = await all();
      for (const type of [0, 1]) {
        const want = expected(rows, type, term);
        // A page of 100 and of 10 may come from the sorted matches or from a walk of the list
        // order: both must agree.
        for (const pageSize of [100, 10]) {
          const got = await search(type, term, pageSize);
          expect(got.total).toBe(want.length);
          expect(got.records.map((r) => r.id)).toEqual(want.slice(0, pageSize));
        }
      }
    },
  );

  /** notice_list itself, with a cap small enough for the demo data. */
  const list = async (term: string, offset: number, limit: number, cap: number, type = 0, knownCapped = false) => {
    const [row] = await t.db.query<{ page: string }>(
      'SELECT notice_list($1::smallint, $2::text, $3::int, $4::int, $5::timestamptz, $6::int, $7::boolean) AS page',
      [type, term, limit, offset, t.clock.now, cap, knownCapped],
    );
    return JSON.parse(row!.page) as { records: Array<{ id: string }>; total: number; totalCapped: boolean };
  };

  it.each([['纸业有'], ['纸'], ['东莞']])(
    'reaches the first matches of a frequent term %s up to the cap, saying so, in the same order',
    async (term) => {
      const want = expected(await all(), 0, term);
      expect(want.length).toBeGreaterThan(4);
      const capped = await list(term, 0, 100, 3);
      expect(capped).toMatchObject({ total: 3, totalCapped: true });
      expect(capped.records.map((r) => r.id)).toEqual(want.slice(0, 3));
      for (const limit of [1, 2, 3, 5]) {
        const ids: string[] = [];
        for (let offset = 0; offset < 3; offset += limit) ids.push(...(await list(term, offset, limit, 3)).records.map((r) => r.id));
        expect(ids).toEqual(want.slice(0, 3));
      }
      // Past the cap: nothing, at once.
      expect(await list(term, 3, 10, 3)).toEqual({ total: 3, totalCapped: true, records: [] });
      // A term the caller knows is past the cap is not counted again, and answers the same.
      for (const [offset, limit] of [
        [0, 3],
        [1, 1],
        [2, 5],
        [3, 1],
      ] as const)
        expect(await list(term, offset, limit, 3, 0, true)).toEqual(await list(term, offset, limit, 3));
      const exact = await list(term, 0, 100, want.length);
      expect(exact).toMatchObject({ total: want.length, totalCapped: false });
      expect(exact.records.map((r) => r.id)).toEqual(want);
    },
  );

  it.each([['纸'], ['纸业有'], [''], ['不存在']])('answers a page past the total of %s with its total and no records', async (term) => {
    const { total } = await list(term, 0, 10, 1000);
    expect(await list(term, total, 10, 1000)).toEqual({ total, totalCapped: false, records: [] });
    expect(await list(term, 49_990, 10, 1000)).toEqual({ total, totalCapped: false, records: [] });
  });

  it('writes nothing when searching', async () => {
    const [before] = await t.db.query<{ n: string }>('SELECT pg_current_wal_insert_lsn()::text AS n');
    for (const term of ['纸', '纸业有', 'zb2026', '一个从没搜过的词']) await search(0, term);
    const [after] = await t.db.query<{ n: string }>('SELECT pg_current_wal_insert_lsn()::text AS n');
    expect(after!.n).toBe(before!.n);
  });

  it('does not match a term across two fields', async () => {
    const [row] = await all();
    // The end of the title and the start of the issuing unit, as one term.
    const term = `${row!.title.slice(-1)}${row!.issuing_unit.slice(0, 1)}`;
    const spanning = `${row!.title.slice(-2)}${row!.issuing_unit.slice(0, 2)}`;
    expect((await search(row!.bind_or_purchase, spanning)).total).toBe(0);
    expect((await search(row!.bind_or_purchase, term)).total).toBe(expected(await all(), row!.bind_or_purchase, term).length);
  });

  it('keeps totals and one- and two-character counts right through inserts, updates and deletes', async () => {
    const db = t.db;
    const before = (await search(1, '淀粉')).total;
    expect((await search(1, '索引测试')).total).toBe(0);
    const plain = (await t.post<{ total: number }>('/business/listByPage', { bindOrPurchase: 1 })).data.total;
    const [inserted] = await db.query<{ id: string }>(
      `INSERT INTO notices (bind_or_purchase, tender_no, title, issuing_unit, project_address, cutoff_time, published_at)
       VALUES (1, 'IDX-1', '测试淀粉淀粉项目', '索引测试单位', '测试地点', now(), now()) RETURNING id::text AS id`,
    );
    const id = inserted!.id;
    expect((await search(1, '淀粉')).total).toBe(before + 1);
    expect((await search(1, '索')).total).toBe(1);
    expect((await search(1, '索引测试')).records.map((r) => r.id)).toEqual([id]);
    expect((await t.post<{ total: number }>('/business/listByPage', { bindOrPurchase: 1 })).data.total).toBe(plain + 1);
    await db.query("UPDATE notices SET title = '测试油墨项目', bind_or_purchase = 0 WHERE id = $1", [id]);
    expect((await search(1, '淀粉')).total).toBe(before);
    expect((await search(0, '索')).total).toBe(1);
    expect((await search(1, '索')).total).toBe(0);
    expect((await search(1, '索引测试')).total).toBe(0);
    expect((await search(0, '索引测试')).total).toBe(1);
    await db.query('DELETE FROM notice_details WHERE notice_id = $1', [id]);
    await db.query('DELETE FROM notices WHERE id = $1', [id]);
    expect((await search(0, '索')).total).toBe(0);
    expect((await t.post<{ total: number }>('/business/listByPage', { bindOrPurchase: 1 })).data.total).toBe(plain);
    expect(await db.query("SELECT gram FROM notice_gram_counts WHERE gram = '索'")).toEqual([]);
  });
});

describe.runIf(ENGINE === 'pglite')('searches of one address', () => {
  it('run two at a time with eight in line; past that the address is told to wait, others are not', async () => {
    // A transaction holds PGlite's one connection: every search waits for it.
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const started = new Promise<void>((resolve) => (held = resolve));
    const transaction = t.db.transaction(async () => {
      held();
      await holding;
    });
    await started;
    const { running, waiting } = SEARCHES_PER_ADDRESS;
    const search = (ip: string, n: number) =>
      t.post<{ total: number }>('/business/listByPage', { searchContent: `纸${n}` }, { ip, lang: 'zh-CN' });
    const queued = Array.from({ length: running + waiting }, (_, n) => search('10.1.1.1', n));
    const other = search('10.2.2.2', 0);
    try {
      const refused = await search('10.1.1.1', 99);
      expect(refused.code).toBe('E429');
      expect(refused.message).toBe('搜索请求过多，请稍后再试，或输入更具体的关键词');
    } finally {
      release();
      await transaction;
    }
    for (const answer of await Promise.all([...queued, other])) expect(answer.code).toBe('E000');
    // Once they are answered, the address searches again.
    expect((await search('10.1.1.1', 100)).code).toBe('E000');
  });
});

describe('CappedTerms', () => {
  it('remembers a term for its time, and at most its number of terms, the oldest dropped first', () => {
    const terms = new CappedTerms(1_000, 2);
    terms.add('0|a', 0);
    expect(terms.has('0|a', 999)).toBe(true);
    expect(terms.has('0|a', 1_000)).toBe(false);
    terms.add('0|a', 0);
    terms.add('0|b', 0);
    terms.add('0|c', 0);
    expect([terms.has('0|a', 1), terms.has('0|b', 1), terms.has('0|c', 1)]).toEqual([false, true, true]);
  });
});
