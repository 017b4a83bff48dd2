import type { Locale } from '../../contract/locales';
import type { Option } from '../../contract/schemas/common';
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

/** Departments of a base, or null when there is no such base. */
export async function departments(db: Queryable, baseCode: string, locale: Locale): Promise<Option[] | null> {
  const exists = await db.query('SELECT 1 FROM production_bases WHERE code = $1', [baseCode]);
  if (!exists.length) return null;
  return db.query<Option>(`SELECT code, ${LABEL(2)} AS label FROM departments WHERE base_code = $1 ORDER BY sort, code`, [baseCode, locale]);
}
