import type { Locale } from '../../contract/locales';
import type { Option } from '../../contract/schemas/common';
import type { Counterpart } from '../../contract/schemas/reference';
import type { Queryable } from './db';

/** Labels are stored per language; a missing translation falls back to Chinese. */
const LABEL = (n: number) => `coalesce(labels->>$${n}, labels->>'zh-CN')`;

export async function dictionary(db: Queryable, type: string, locale: Locale): Promise<Option[]> {
  return db.query<Option>(`SELECT code, ${LABEL(2)} AS label FROM dictionary_items WHERE type = $1 ORDER BY sort, code`, [type, locale]);
}

export async function provinces(db: Queryable, locale: Locale): Promise<Option[]> {
  return db.query<Option>(`SELECT code, ${LABEL(1)} AS label FROM regions WHERE parent_code IS NULL ORDER BY code`, [locale]);
}

/** Cities of a province, or null when there is no such province. */
export async function cities(db: Queryable, provinceCode: string, locale: Locale): Promise<Option[] | null> {
  const exists = await db.query('SELECT 1 FROM regions WHERE code = $1 AND parent_code IS NULL', [provinceCode]);
  if (!exists.length) return null;
  return db.query<Option>(`SELECT code, ${LABEL(2)} AS label FROM regions WHERE parent_code = $1 ORDER BY code`, [provinceCode, locale]);
}

export async function cityModel(db: Queryable, cityCode: string, locale: Locale) {
  const rows = await db.query<{ city_code: string; city_name: string; province_code: string; province_name: string }>(
    `SELECT c.code AS city_code, coalesce(c.labels->>$2, c.labels->>'zh-CN') AS city_name,
            p.code AS province_code, coalesce(p.labels->>$2, p.labels->>'zh-CN') AS province_name
       FROM regions c JOIN regions p ON p.code = c.parent_code WHERE c.code = $1`,
    [cityCode, locale],
  );
  const r = rows[0];
  return r ? { cityCode: r.city_code, cityName: r.city_name, provinceCode: r.province_code, provinceName: r.province_name } : null;
}

export async function productionBases(db: Queryable, locale: Locale): Promise<Option[]> {
  return db.query<Option>(`SELECT code, ${LABEL(1)} AS label FROM production_bases ORDER BY sort, code`, [locale]);
}

/** A base's own IANA time zone; null when it names none (the buyer's applies) or there is no such base. */
export async function baseTimeZone(db: Queryable, baseCode: string): Promise<string | null> {
  const rows = await db.query<{ time_zone: string | null }>('SELECT time_zone FROM production_bases WHERE code = $1', [baseCode]);
  return rows[0]?.time_zone ?? null;
}

/** Sets a base's IANA time zone (null: the buyer's); false when there is no such base. */
export async function setBaseTimeZone(db: Queryable, baseCode: string, zone: string | null): Promise<boolean> {
  const rows = await db.query('UPDATE production_bases SET time_zone = $2 WHERE code = $1 RETURNING code', [baseCode, zone]);
  return rows.length > 0;
}

/** Departments of a base, or null when there is no such base. */
export async function departments(db: Queryable, baseCode: string, locale: Locale): Promise<Option[] | null> {
  const exists = await db.query('SELECT 1 FROM production_bases WHERE code = $1', [baseCode]);
  if (!exists.length) return null;
  return db.query<Option>(`SELECT code, ${LABEL(2)} AS label FROM departments WHERE base_code = $1 ORDER BY sort, code`, [
    baseCode,
    locale,
  ]);
}

/** Several dictionaries, keyed by type, in one statement. */
export async function dictionaries(db: Queryable, types: readonly string[], locale: Locale): Promise<Record<string, Option[]>> {
  const rows = await db.query<{ type: string; code: string; label: string }>(
    `SELECT type, code, ${LABEL(2)} AS label FROM dictionary_items WHERE type = ANY($1::text[]) ORDER BY type, sort, code`,
    [types, locale],
  );
  const out: Record<string, Option[]> = Object.fromEntries(types.map((type) => [type, []]));
  for (const { type, code, label } of rows) out[type]!.push({ code, label });
  return out;
}

/** `%`, `_` and `\` as plain characters of a LIKE pattern. */
const likeText = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A dictionary's items whose code or label (in the request language) contains the keyword, case-insensitively. */
export async function searchDictionary(db: Queryable, type: string, keyword: string, locale: Locale): Promise<Option[]> {
  return db.query<Option>(
    `SELECT code, label FROM (SELECT code, sort, ${LABEL(2)} AS label FROM dictionary_items WHERE type = $1) d
      WHERE $3 = '' OR d.code ILIKE '%' || $3 || '%' OR d.label ILIKE '%' || $3 || '%'
      ORDER BY sort, code`,
    [type, locale, likeText(keyword)],
  );
}

/** The buyer's counterpart accounts, narrowed by base, department and a keyword (account or name). */
export async function counterparts(
  db: Queryable,
  q: { productionBase: string; department: string; keyword: string },
  locale: Locale,
): Promise<Counterpart[]> {
  return db.query<Counterpart>(
    `SELECT c.account AS code, c.name AS label, d.code AS "departmentCode",
            coalesce(d.labels->>$4, d.labels->>'zh-CN') AS department
       FROM buyer_counterparts c JOIN departments d ON d.code = c.department_code
      WHERE ($1 = '' OR d.base_code = $1) AND ($2 = '' OR d.code = $2)
        AND ($3 = '' OR c.account ILIKE '%' || $3 || '%' OR c.name ILIKE '%' || $3 || '%')
      ORDER BY d.base_code, d.sort, c.sort, c.account
      LIMIT 100`,
    [q.productionBase, q.department, likeText(q.keyword), locale],
  );
}
