import { fromUnits, PRICE_DECIMALS, quoteTotal, toUnits } from '../../contract/enquiry-values';
import type { Tx } from '../db/db';
import { linesOf } from '../db/enquiry-repo';
import { closeEnquiry, insertEnquiry, insertQuote, openRound, type NewEnquiryLine } from '../db/enquiry-writes';
import { findSupplierByUsername } from '../db/supplier-repo';
import type { FileStorage } from '../files/storage';
import type { Receipts } from '../services/receipts';
import { demoReceipt } from './submissions';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A material of the demo with the price a supplier starts from (yuan, two decimals). */
interface Material extends NewEnquiryLine {
  base: string;
}

const m = (
  materialNo: string,
  name: string,
  specification: string,
  unit: string,
  brand: string,
  quantity: string,
  expectedPrice: string | null,
  packageSpecification: string,
  base: string,
): Material => ({
  materialNo,
  name,
  specification,
  unit,
  brand,
  quantity,
  expectedPrice,
  packageSpecification,
  base,
});

/** Paper, chemicals and packaging a paper and packaging manufacturer buys. */
const MATERIALS = {
  kraft175: m(
    'WL-KL-175',
    '牛皮箱板纸',
    '175g/m²，幅宽 2500mm，环压指数≥8.0',
    '吨',
    '玖龙',
    '120.000',
    '4150.00',
    '卷装，每卷约 1.2 吨，防潮膜包裹',
    '4280.00',
  ),
  kraft200: m('WL-KL-200', '牛皮箱板纸', '200g/m²，幅宽 2500mm', '吨', '玖龙', '80.000', '4100.00', '卷装，每卷约 1.3 吨', '4230.00'),
  kraft250: m('WL-KL-250', '牛皮箱板纸', '250g/m²，幅宽 2200mm', '吨', '理文', '45.500', null, '卷装，每卷约 1.1 吨', '4360.00'),
  medium120: m(
    'WL-CM-120',
    '瓦楞原纸',
    '120g/m²，高强，横向环压≥6.5',
    '吨',
    '山鹰',
    '150.000',
    '3350.00',
    '卷装，纸芯内径 76mm',
    '3420.00',
  ),
  medium140: m('WL-CM-140', '瓦楞原纸', '140g/m²，高强', '吨', '山鹰', '90.000', '3300.00', '卷装，纸芯内径 76mm', '3395.00'),
  medium160: m('WL-CM-160', '高强瓦楞芯纸', '160g/m²，耐破指数≥2.8', '吨', '荣成', '60.250', null, '卷装', '3510.00'),
  whiteCard: m(
    'WL-WB-300',
    '白卡纸',
    '300g/m²，单面涂布，白度≥90%',
    '吨',
    '博汇',
    '25.000',
    '5600.00',
    '平张，787×1092mm，木托盘包装',
    '5780.00',
  ),
  greyBoard: m('WL-GB-250', '灰底白板纸', '250g/m²，灰底', '吨', '太阳纸业', '40.000', '4050.00', '平张，木托盘包装', '4190.00'),
  cornStarch: m('HX-ST-CORN', '玉米淀粉', '一级品，水分≤14%，细度≥99%', '吨', '', '200.000', '2850.00', '25kg/袋，吨袋可选', '2960.00'),
  oxStarch: m('HX-ST-OX', '氧化淀粉', '造纸表面施胶用，黏度 15–25 mPa·s', '吨', '', '80.000', '3480.00', '25kg/袋', '3590.00'),
  catStarch: m('HX-ST-CAT', '阳离子淀粉', '取代度 0.030–0.035', '吨', '', '35.000', null, '25kg/袋', '4380.00'),
  akd: m('HX-AKD-15', 'AKD 中性施胶剂', '固含量 15%±0.5%', '吨', '', '18.000', '5200.00', '1000kg IBC 吨桶', '5350.00'),
  defoamer: m('HX-DEF-01', '有机硅消泡剂', '固含量≥30%', '公斤', '', '1500.000', '18.50', '200kg/桶', '19.80'),
  stretchFilm: m('BZ-PE-23', 'PE 缠绕膜', '23μm × 500mm，机用预拉伸', '卷', '', '2400.000', '86.00', '每卷 18kg，纸箱包装', '89.50'),
  shrinkFilm: m('BZ-PE-30', 'PE 热收缩膜', '30μm × 1200mm', '卷', '', '600.000', null, '每卷 25kg', '168.00'),
  woodPallet: m('BZ-PLT-W', '木托盘', '1200×1000×150mm，四面进叉，熏蒸', '个', '', '3000.000', '65.00', '散装，每车 500 个', '68.00'),
  plasticPallet: m('BZ-PLT-P', '塑料托盘', '1200×1000×150mm，川字型，动载 1.5 吨', '个', '', '800.000', '138.00', '散装', '145.00'),
  strap: m('BZ-PP-12', 'PP 打包带', '宽 12mm，厚 0.8mm，全新料', '卷', '', '1200.000', '42.00', '每卷 10kg', '44.50'),
  tape: m('BZ-TAPE-48', '封箱胶带', '48mm × 100m，透明', '卷', '', '5000.000', '3.20', '每箱 72 卷', '3.45'),
  paperCore: m('BZ-CORE-76', '纸管', '内径 76mm，壁厚 12mm', '米', '', '8000.000', '4.80', '定长 2.5 米，捆扎', '5.10'),
  hotMelt: m('BZ-HMA-01', '热熔胶', '纸箱封箱用，软化点 100°C', '公斤', '汉高', '2000.000', '16.50', '20kg/箱', '17.20'),
  ink: m('BZ-INK-BK', '水性柔印油墨', '黑色，黏度 25 秒（察恩 4#）', '公斤', '', '1200.000', '23.00', '20kg/桶', '24.60'),
} as const;

type MaterialKey = keyof typeof MATERIALS;

/** `price` less `percent` (may be fractional), to the cent. */
const less = (price: string, percent: number) =>
  fromUnits((toUnits(price, PRICE_DECIMALS) * BigInt(Math.round((100 - percent) * 100))) / 10_000n, PRICE_DECIMALS);

const HEADER = {
  currency: 'CNY',
  priceIncludesTax: true,
  vatType: '13% 增值税',
  warrantyPeriod: '12 个月',
  warrantyMethod: '质量问题免费退换',
  transportType: '汽运',
  invoiceType: '增值税专用发票',
  paymentType: '月结 60 天',
  deliveryType: '送货上门',
  unloadingMethod: '供应商负责卸货',
  promoter: '采购部 王敏',
};

interface DemoRound {
  /** Opened this long before the seed time (round 1: when the enquiry was sent). */
  openedDaysAgo: number;
  /** The deadline relative to the seed time (negative: passed). */
  deadlineDays: number;
  /** Target prices: percent below each line's base price. */
  targetCut?: number;
  /** Suppliers who quoted in this round, with their cut below the base price. */
  quotes: Array<{ supplier: 'demo_a104' | 'demo_a141'; cut: number; remark?: string }>;
}

interface DemoEnquiry {
  no: string;
  theme: string;
  suppliers: Array<'demo_a104' | 'demo_a141'>;
  materials: MaterialKey[];
  rounds: DemoRound[];
  close?: { status: 'awarded' | 'notAwarded' | 'cancelled'; daysAgo: number };
  remark: string;
}

/**
 * The demo's enquiries, each in a state the bargaining screens show: waiting for a reply,
 * replied, in round 3 with a history and target prices, awarded, not awarded, missed, cancelled.
 */
const DEMO: DemoEnquiry[] = [
  {
    no: '000101',
    theme: '2026 年二季度牛皮箱板纸采购询价',
    suppliers: ['demo_a104', 'demo_a141'],
    materials: ['kraft175', 'kraft200', 'kraft250', 'medium120', 'medium140', 'medium160'],
    rounds: [{ openedDaysAgo: 1, deadlineDays: 3, quotes: [] }],
    remark: '请按卷装到厂价报价，含运费。',
  },
  {
    no: '000102',
    theme: '瓦楞原纸月度补货询价',
    suppliers: ['demo_a104', 'demo_a141'],
    materials: ['medium120', 'medium140', 'medium160', 'paperCore'],
    rounds: [{ openedDaysAgo: 2, deadlineDays: 2, quotes: [{ supplier: 'demo_a104', cut: 1, remark: '现货，下单后 3 天内到厂' }] }],
    remark: '东莞基地月度补货。',
  },
  {
    no: '000103',
    theme: '包装辅料年度框架议价（缠绕膜、托盘、打包带）',
    suppliers: ['demo_a104', 'demo_a141'],
    materials: ['stretchFilm', 'shrinkFilm', 'woodPallet', 'plasticPallet', 'strap', 'tape', 'hotMelt', 'ink'],
    rounds: [
      {
        openedDaysAgo: 10,
        deadlineDays: -7,
        quotes: [
          { supplier: 'demo_a104', cut: 0, remark: '首轮报价，年度框架价' },
          { supplier: 'demo_a141', cut: -2 },
        ],
      },
      {
        openedDaysAgo: 6,
        deadlineDays: -4,
        targetCut: 6,
        quotes: [{ supplier: 'demo_a104', cut: 2.5, remark: '按目标价下调，批量可再议' }],
      },
      { openedDaysAgo: 1, deadlineDays: 4, targetCut: 5, quotes: [] },
    ],
    remark: '年度框架协议，按月下单，价格有效期一年。',
  },
  {
    no: '000104',
    theme: '造纸化学品（淀粉、施胶剂）采购询价',
    suppliers: ['demo_a104', 'demo_a141'],
    materials: ['cornStarch', 'oxStarch', 'catStarch', 'akd', 'defoamer'],
    rounds: [
      {
        openedDaysAgo: 20,
        deadlineDays: -16,
        quotes: [
          { supplier: 'demo_a104', cut: -1.5 },
          { supplier: 'demo_a141', cut: 0, remark: '北海工厂直发' },
        ],
      },
      {
        openedDaysAgo: 15,
        deadlineDays: -13,
        targetCut: 4,
        quotes: [
          { supplier: 'demo_a104', cut: 1 },
          { supplier: 'demo_a141', cut: 3.5, remark: '接受目标价附近成交' },
        ],
      },
    ],
    close: { status: 'awarded', daysAgo: 12 },
    remark: '北海基地造纸化学品。',
  },
  {
    no: '000105',
    theme: '白卡纸及灰底白板纸临时询价',
    suppliers: ['demo_a104', 'demo_a141'],
    materials: ['whiteCard', 'greyBoard', 'woodPallet'],
    rounds: [{ openedDaysAgo: 6, deadlineDays: -3, quotes: [] }],
    remark: '彩盒订单临时用纸。',
  },
  {
    no: '000106',
    theme: '纸箱封箱物料询价',
    suppliers: ['demo_a104', 'demo_a141'],
    materials: ['tape', 'hotMelt', 'strap'],
    rounds: [
      {
        openedDaysAgo: 30,
        deadlineDays: -27,
        quotes: [
          { supplier: 'demo_a104', cut: 0 },
          { supplier: 'demo_a141', cut: 1 },
        ],
      },
    ],
    close: { status: 'notAwarded', daysAgo: 25 },
    remark: '',
  },
  {
    no: '000107',
    theme: '玉米淀粉季度供应议价',
    suppliers: ['demo_a141'],
    materials: ['cornStarch', 'oxStarch', 'catStarch'],
    rounds: [{ openedDaysAgo: 9, deadlineDays: -6, quotes: [] }],
    close: { status: 'cancelled', daysAgo: 7 },
    remark: '需求取消。',
  },
];

/**
 * Enquiries of demo_a104 and demo_a141 through the same writes as the operator's commands and
 * the quote call, each quote with the receipt the call would have issued (its round; no letter,
 * so no files). Content is the same on every run; dates follow `now`: quotes fall inside their
 * round, waiting rounds close days after `now`.
 */
export async function seedDemoEnquiries(db: Tx, storage: FileStorage, now: Date, receipts?: Receipts): Promise<void> {
  const suppliers = new Map<string, { supplierId: string; supplierName: string }>();
  for (const username of ['demo_a104', 'demo_a141']) {
    const found = await findSupplierByUsername(db, username);
    if (!found) return;
    suppliers.set(username, { supplierId: found.supplier.supplierId, supplierName: found.supplier.supplierName });
  }
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
  for (const demo of DEMO) {
    const first = demo.rounds[0]!;
    const sentAt = at(first.openedDaysAgo);
    const materials = demo.materials.map((key) => MATERIALS[key]);
    const enquiryNo = `XJ${sentAt.toISOString().slice(0, 10).replaceAll('-', '')}${demo.no}`;
    const { id } = await insertEnquiry(
      db,
      {
        ...HEADER,
        enquiryNo,
        theme: demo.theme,
        effectiveTime: sentAt,
        expiryTime: new Date(sentAt.getTime() + 180 * DAY_MS),
        remark: demo.remark,
        deliveryDate: new Date(sentAt.getTime() + 30 * DAY_MS).toISOString().slice(0, 10),
        lines: materials.map(({ base: _base, ...line }) => line),
        supplierIds: demo.suppliers.map((s) => suppliers.get(s)!.supplierId),
        deadline: at(-first.deadlineDays),
      },
      sentAt,
    );
    for (const [i, round] of demo.rounds.entries()) {
      const opened = at(round.openedDaysAgo);
      const lines = await linesOf(db, id, 1, null);
      const baseOf = (lineId: string) => materials[lines.findIndex((l) => l.id === lineId)]!.base;
      if (i > 0) {
        const targets = new Map(
          round.targetCut === undefined ? [] : lines.map((l) => [l.id, less(baseOf(l.id), round.targetCut!)] as const),
        );
        await openRound(db, id, { round: i + 1, promoter: HEADER.promoter, deadline: at(-round.deadlineDays), targets }, opened);
      }
      for (const [j, quote] of round.quotes.entries()) {
        const priced = lines.map((l) => ({ lineId: l.id, price: less(baseOf(l.id), quote.cut), quantity: l.quantity }));
        const submitted = new Date(opened.getTime() + (j + 1) * 5 * HOUR_MS);
        await insertQuote(
          db,
          {
            enquiryId: id,
            supplierId: suppliers.get(quote.supplier)!.supplierId,
            round: i + 1,
            currency: 'CNY',
            taxIncluded: true,
            deliveryDate: new Date(sentAt.getTime() + 28 * DAY_MS).toISOString().slice(0, 10),
            remark: quote.remark ?? '',
            total: quoteTotal(priced),
            letter: null,
            lines: priced.map(({ lineId, price }) => ({ lineId, price })),
          },
          submitted,
        );
        await demoReceipt(db, storage, receipts, {
          kind: 'quote',
          recordId: id,
          recordNo: enquiryNo,
          round: i + 1,
          files: [],
          supplier: suppliers.get(quote.supplier)!,
          at: submitted,
        });
      }
    }
    if (demo.close) await closeEnquiry(db, id, demo.close.status, at(demo.close.daysAgo));
  }
}
