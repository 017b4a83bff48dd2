import type { Queryable } from '../db/db';
import { noticeBody } from './notices';
import { rng, type Rng } from './random';

/**
 * Many notices for the benchmarks, written the way a paper and packaging buyer writes them:
 * materials, issuing units and places drawn with a natural spread (a few are in most notices, a
 * long tail in a handful: a Zipf-like weight 1 / rank^1.1), titles in Chinese, English and
 * Vietnamese, an optional specification in the title, tender numbers by year, and a list type
 * that does not follow the material. Search terms from these words meet common and rare matches,
 * one- and two-character Chinese terms, and Vietnamese and English words (server/bench/traffic.ts).
 */

/** [Chinese, English, Vietnamese] names, the most bought first. */
export const MATERIALS: ReadonlyArray<readonly [string, string, string]> = [
  ['瓦楞原纸', 'corrugating medium', 'giấy sóng'],
  ['牛皮箱板纸', 'kraft liner board', 'giấy kraft'],
  ['国废 OCC', 'OCC waste paper', 'giấy phế liệu OCC'],
  ['玉米淀粉', 'corn starch', 'tinh bột ngô'],
  ['白卡纸', 'folding box board', 'giấy ivory'],
  ['木托盘', 'wooden pallet', 'pallet gỗ'],
  ['纸管', 'paper core', 'lõi giấy'],
  ['PE 缠绕膜', 'PE stretch film', 'màng co PE'],
  ['水性油墨', 'water-based ink', 'mực in gốc nước'],
  ['漂白硫酸盐针叶木浆', 'bleached softwood kraft pulp', 'bột giấy gỗ mềm tẩy trắng'],
  ['漂白阔叶木浆', 'bleached hardwood kraft pulp', 'bột giấy gỗ cứng tẩy trắng'],
  ['生物质颗粒燃料', 'biomass pellets', 'viên nén sinh khối'],
  ['氧化淀粉', 'oxidized starch', 'tinh bột biến tính'],
  ['打包钢带', 'steel strapping', 'đai thép'],
  ['塑料托盘', 'plastic pallet', 'pallet nhựa'],
  ['AKD 中性施胶剂', 'AKD sizing agent', 'chất chống thấm AKD'],
  ['聚丙烯酰胺助留剂', 'PAM retention aid', 'chất trợ bảo lưu PAM'],
  ['烧碱', 'caustic soda', 'xút'],
  ['双氧水', 'hydrogen peroxide', 'oxy già'],
  ['压榨毛毯', 'press felt', 'chăn ép'],
  ['成型网', 'forming fabric', 'lưới xeo'],
  ['轴承', 'bearing', 'vòng bi'],
  ['热熔胶', 'hot melt adhesive', 'keo nóng chảy'],
  ['封箱胶带', 'carton sealing tape', 'băng keo dán thùng'],
  ['瓦楞纸箱', 'corrugated carton', 'thùng carton'],
  ['蜂窝纸板', 'honeycomb board', 'giấy tổ ong'],
  ['珍珠棉', 'EPE foam', 'mút xốp EPE'],
  ['硅酸钠', 'sodium silicate', 'natri silicat'],
  ['消泡剂', 'defoamer', 'chất khử bọt'],
  ['杀菌剂', 'biocide', 'chất diệt khuẩn'],
  ['染料', 'paper dye', 'thuốc nhuộm giấy'],
  ['刮刀', 'doctor blade', 'dao gạt'],
  ['真空泵', 'vacuum pump', 'bơm chân không'],
  ['减速机', 'gear reducer', 'hộp giảm tốc'],
  ['变频器', 'frequency inverter', 'biến tần'],
  ['输送带', 'conveyor belt', 'băng tải'],
  ['叉车', 'forklift truck', 'xe nâng'],
  ['润滑油', 'lubricating oil', 'dầu bôi trơn'],
  ['液压油', 'hydraulic oil', 'dầu thủy lực'],
  ['劳保用品', 'work safety supplies', 'đồ bảo hộ lao động'],
  ['办公用品', 'office supplies', 'văn phòng phẩm'],
  ['煤炭', 'steam coal', 'than đá'],
  ['天然气', 'natural gas', 'khí thiên nhiên'],
  ['污水处理药剂', 'wastewater treatment chemicals', 'hóa chất xử lý nước thải'],
  ['聚合氯化铝', 'polyaluminium chloride', 'PAC'],
  ['机械密封', 'mechanical seal', 'phớt cơ khí'],
  ['不锈钢阀门', 'stainless steel valve', 'van inox'],
  ['电缆', 'power cable', 'cáp điện'],
  ['照明灯具', 'LED lighting', 'đèn LED'],
  ['监控设备', 'CCTV equipment', 'thiết bị giám sát'],
  ['食堂食材', 'canteen food supplies', 'thực phẩm nhà ăn'],
  ['绿化养护服务', 'landscaping service', 'dịch vụ chăm sóc cây xanh'],
  ['物流运输服务', 'freight transport service', 'dịch vụ vận tải'],
  ['保安服务', 'security guard service', 'dịch vụ bảo vệ'],
  ['防火涂料', 'fire-retardant coating', 'sơn chống cháy'],
  ['碳酸钙填料', 'calcium carbonate filler', 'bột đá CaCO3'],
  ['滑石粉', 'talc powder', 'bột talc'],
  ['造纸毛布清洗剂', 'felt cleaning agent', 'chất tẩy rửa chăn'],
  ['烘缸刮刀片', 'dryer doctor blade', 'lưỡi dao gạt lô sấy'],
  ['陶瓷脱水元件', 'ceramic dewatering element', 'tấm gạt nước gốm'],
];

/** Specifications some titles carry: each rarer than the material it goes with. */
const SPECS = [
  '120g/m²',
  '170g/m²',
  '250g/m²',
  '300g/m²',
  '1200×1000mm',
  '23μm',
  '76mm',
  'SKF 23152',
  'ISO 9001',
  'FSC',
  '食品级',
  '环保型',
  '进口',
  '国产',
];

export const UNITS: readonly string[] = [
  '华南纸业集团有限公司',
  '东莞玖龙包装有限公司',
  '太仓纸业有限公司',
  '北海林浆纸有限公司',
  '越南平阳纸业有限公司',
  '重庆纸品包装有限公司',
  '天津纸业有限公司',
  '泉州纸制品有限公司',
  '武汉纸箱包装有限公司',
  '沈阳纸业有限公司',
  '河北纸品有限公司',
  '江门包装材料有限公司',
  '东莞纸业物流有限公司',
  '华南纸业集团采购中心',
  '湛江林业有限公司',
  'Công ty TNHH Giấy Bình Dương',
  'Công ty TNHH Bao bì Long An',
  'Nine Dragons Paper (Vietnam) Co., Ltd.',
  '昆山彩印包装有限公司',
  '成都纸箱厂',
  '青岛包装制品有限公司',
  '郑州纸业有限公司',
  '福州纸管有限公司',
  '长沙纸业贸易有限公司',
  '南宁浆纸有限公司',
  '苏州印刷材料有限公司',
  '宁波托盘制造有限公司',
  'Công ty CP Giấy Hải Phòng',
];

export const PLACES: readonly string[] = [
  '广东省东莞市',
  '江苏省太仓市',
  '广西壮族自治区北海市',
  '越南平阳省',
  '天津市滨海新区',
  '重庆市江津区',
  '湖北省武汉市',
  '福建省泉州市',
  '辽宁省沈阳市',
  '河北省廊坊市',
  '广东省江门市',
  '四川省成都市',
  '山东省青岛市',
  '河南省郑州市',
  '浙江省宁波市',
  '江苏省苏州市',
  '湖南省长沙市',
  '广西壮族自治区南宁市',
  '福建省福州市',
  '广东省湛江市',
  'Bình Dương, Việt Nam',
  'Long An, Việt Nam',
  'Hải Phòng, Việt Nam',
  'Bắc Ninh, Việt Nam',
  'Đồng Nai, Việt Nam',
  '上海市浦东新区',
  '安徽省合肥市',
  '江西省南昌市',
  '云南省昆明市',
  '黑龙江省哈尔滨市',
];

const ZH_KINDS = [
  ['集中', '年度', '补充', '专项', '框架'],
  ['招标', '采购', '询比价', '竞争性谈判'],
] as const;
const EN_KINDS = ['annual tender', 'supply tender', 'framework purchase', 'spot purchase', 'request for quotation'];
const VI_KINDS = ['Mua sắm', 'Đấu thầu cung cấp', 'Chào giá cạnh tranh'];

/** A pick weighted 1 / rank^1.1: the first items most often, a long tail rarely. */
export function zipf<T>(items: readonly T[], exponent = 1.1): (r: Rng) => T {
  const cumulative: number[] = [];
  let sum = 0;
  for (let i = 0; i < items.length; i++) cumulative.push((sum += 1 / (i + 1) ** exponent));
  return (r) => {
    const x = r.next() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return items[lo]!;
  };
}

interface BulkRow {
  type: number;
  tenderNo: string;
  title: string;
  unit: string;
  place: string;
  registrations: number;
  cutoffHours: number;
  publishedDays: number;
}

/** The `n` notices of `seed`, the same on every machine. */
export function bulkNotices(n: number, seed = 2026, from = 0): BulkRow[] {
  const r = rng(seed + from);
  const material = zipf(MATERIALS);
  const unit = zipf(UNITS);
  const place = zipf(PLACES);
  const spec = zipf(SPECS);
  return Array.from({ length: n }, (_, k) => {
    const i = from + k;
    const type = r.next() < 0.4 ? 0 : 1;
    const [zh, en, vi] = material(r);
    const where = place(r);
    const year = 2026 - Math.min(7, Math.floor(-Math.log(1 - r.next()) * 1.5));
    const withSpec = r.next() < 0.25 ? spec(r) : '';
    const language = r.next();
    const title =
      language < 0.78
        ? `${year}年度${zh}${withSpec ? `（${withSpec}）` : ''}${r.pick(ZH_KINDS[0])}${r.pick(ZH_KINDS[1])}项目${r.next() < 0.3 ? `第${r.int(1, 12)}批` : ''}`
        : language < 0.9
          ? `${en[0]!.toUpperCase()}${en.slice(1)}${withSpec ? ` ${withSpec}` : ''} ${r.pick(EN_KINDS)} ${year}`
          : `${r.pick(VI_KINDS)} ${vi}${withSpec ? ` ${withSpec}` : ''} năm ${year}`;
    return {
      type,
      // Six digits: never one of the demo's four-digit numbers.
      tenderNo: `${type === 0 ? 'ZB' : 'CG'}${year}${String(i + 1).padStart(6, '0')}`,
      title,
      unit: unit(r),
      place: where,
      registrations: r.int(0, 40),
      // Deadlines from three weeks ago to two months ahead, published up to two months before.
      cutoffHours: r.int(-21 * 24, 60 * 24),
      publishedDays: r.int(1, 60),
    };
  });
}

/**
 * `n` bulk notices added to what the database holds, in chunks of one INSERT ... SELECT over
 * arrays each, then fresh statistics.
 */
export async function seedBulkNotices(db: Queryable, n: number, now = new Date()): Promise<void> {
  const base = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM notices WHERE tender_no ~ '^(ZB|CG)[0-9]{10}$'"))[0]?.n ?? 0;
  const body = JSON.stringify(noticeBody(UNITS[0]!, PLACES[0]!));
  const chunk = 10_000;
  for (let from = 0; from < n; from += chunk) {
    const rows = bulkNotices(Math.min(chunk, n - from), 2026, base + from);
    const column = <K extends keyof BulkRow>(key: K) => rows.map((row) => row[key]);
    await db.query(
      `WITH n AS (
       INSERT INTO notices (bind_or_purchase, tender_no, title, issuing_unit, project_address, registration_count, cutoff_time, published_at)
       SELECT t, no, title, unit, place, reg,
              $9::timestamptz + hours * interval '1 hour',
              least($9::timestamptz, $9::timestamptz + hours * interval '1 hour') - days * interval '1 day'
         FROM unnest($1::smallint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[], $8::int[])
           AS u(t, no, title, unit, place, reg, hours, days)
       RETURNING id)
       INSERT INTO notice_details (notice_id, detail) SELECT id, $10::jsonb FROM n`,
      [
        column('type'),
        column('tenderNo'),
        column('title'),
        column('unit'),
        column('place'),
        column('registrations'),
        column('cutoffHours'),
        column('publishedDays'),
        now,
        body,
      ],
    );
  }
  // Fresh statistics, and a visibility map so that counts can be answered from the index alone.
  await db.query('VACUUM ANALYZE notices');
}
