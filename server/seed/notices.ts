import type { FileRef } from '../../contract/schemas/common';
import type { NewNotice, NoticeBody } from '../db/notice-repo';
import type { Rng } from './random';

/** [name, specification, unit, usage, classification] */
const MATERIALS: Array<[string, string, string, string, string]> = [
  ['瓦楞原纸', '120g/m² 环压指数≥7.0', '吨', '纸箱瓦楞层', 'PAPER'],
  ['牛皮箱板纸', '170g/m² 耐破指数≥3.2', '吨', '纸箱面纸', 'PAPER'],
  ['白卡纸', '300g/m² 单面涂布', '吨', '彩盒印刷', 'PAPER'],
  ['漂白硫酸盐针叶木浆', '白度≥88% ISO', '吨', '高强度纸种配抄', 'PULP'],
  ['漂白阔叶木浆', '白度≥87% ISO', '吨', '文化纸配抄', 'PULP'],
  ['国废 OCC', '杂质≤3%', '吨', '箱板纸原料', 'PULP'],
  ['玉米淀粉', '食品级 水分≤14%', '吨', '瓦楞粘合剂', 'CHEM'],
  ['氧化淀粉', '粘度 20-40 mPa·s', '吨', '表面施胶', 'CHEM'],
  ['水性油墨', '四色 柔版印刷用', '千克', '纸箱印刷', 'CHEM'],
  ['AKD 中性施胶剂', '有效含量≥15%', '吨', '内部施胶', 'CHEM'],
  ['聚丙烯酰胺助留剂', '阳离子 分子量≥1000万', '千克', '湿部助留', 'CHEM'],
  ['木托盘', '1200×1000mm 熏蒸', '个', '成品码放', 'PACK'],
  ['塑料托盘', '1200×1000mm 九脚', '个', '仓储周转', 'PACK'],
  ['PE 缠绕膜', '23μm×500mm', '卷', '成品卷裹', 'PACK'],
  ['打包钢带', '0.6×19mm', '吨', '纸卷捆扎', 'PACK'],
  ['纸管', '内径 76mm 壁厚 10mm', '支', '纸卷卷芯', 'PACK'],
  ['成型网', '双层 宽 6.2m', '张', '纸机网部', 'SPARE'],
  ['压榨毛毯', '宽 6.0m 克重 1400g/m²', '条', '纸机压榨部', 'SPARE'],
  ['轴承', 'SKF 23152 CC/W33', '套', '烘缸传动', 'SPARE'],
  ['生物质颗粒燃料', '热值≥4200kcal/kg', '吨', '锅炉燃料', 'ENERGY'],
];

const UNITS = [
  '华南纸业集团有限公司',
  '东莞玖龙包装有限公司',
  '太仓纸业有限公司',
  '北海林浆纸有限公司',
  '越南平阳纸业有限公司',
  '重庆纸品包装有限公司',
  '天津纸业有限公司',
];
const PLACES = [
  '广东省东莞市',
  '江苏省太仓市',
  '广西壮族自治区北海市',
  '越南平阳省',
  '重庆市江津区',
  '天津市滨海新区',
  '湖北省武汉市',
  '福建省泉州市',
];
const MANNERS = ['OPEN', 'INVITE', 'COMPARE', 'SINGLE'];
const CURRENCIES: Array<[string, number]> = [
  ['CNY', 1],
  ['USD', 7.1],
  ['VND', 0.00029],
  ['EUR', 7.7],
];
const BUYERS: Array<[string, string]> = [
  ['陈经理', '13800138001'],
  ['李工', '13925012345'],
  ['王主管', '13711223344'],
  ['Nguyễn Văn An', '13688776655'],
];
const CERTIFICATES = [
  '营业执照',
  'ISO 9001 质量管理体系认证',
  'ISO 14001 环境管理体系认证',
  'FSC 森林认证',
  '危险化学品经营许可证',
  '近三年审计报告',
];

/** The reference documents of the demo notices, created by the seed as public files. */
export interface PublicDocs {
  template: FileRef;
  specification: FileRef;
}

export function noticeBody(issuingUnit: string, projectAddress: string, r?: Rng, docs?: PublicDocs): NoticeBody {
  const pick = <T>(items: readonly T[], i = 0) => (r ? r.pick(items) : items[i]!);
  const first = r ? r.int(0, MATERIALS.length - 1) : 0;
  const materials = Array.from({ length: r ? r.int(1, 4) : 1 }, (_, i) => MATERIALS[(first + i * 3) % MATERIALS.length]!);
  const [currency, exchangeRate] = pick(CURRENCIES);
  const [buyer, phone] = pick(BUYERS);
  const quantities = materials.map(() => (r ? r.int(5, 500) * 10 : 100));
  const body = {
    tenderingManner: pick(MANNERS),
    classification: materials[0]![4],
    projectCycle: r ? `${r.int(1, 3)} 年` : '1 年',
    annualDemand: `约 ${quantities[0]} ${materials[0]![2]}`,
    currency,
    exchangeRate,
    totalPrice: r ? r.int(10, 5000) * 1000 : 0,
    referenceTemplate: docs?.template ?? null,
    typicalMaterials: materials.map(([name, specification, unit, usage], i) => ({
      name,
      specification,
      estimatedAnnualQuantity: quantities[i]!,
      unit,
      usage,
      remark: i === 0 ? '需提供近三个月第三方检测报告' : '',
    })),
    requiredItems: [
      { description: '投标人须为中华人民共和国境内注册的独立法人，具备相应生产或供货能力', referenceDocuments: [] },
      { description: '按报价模板填写分项报价，含税含运费送至项目地点', referenceDocuments: docs ? [docs.template] : [] },
      { description: '提供产品技术规格书及样品', referenceDocuments: docs ? [docs.specification] : [] },
    ],
    clarificationRequest: '如对招标文件有疑问，请于截止时间前三日以书面形式向采购联系人提出。',
    certificateDocuments: r
      ? CERTIFICATES.filter(() => r.next() < 0.5)
          .concat('营业执照')
          .filter((v, i, a) => a.indexOf(v) === i)
      : ['营业执照'],
    companyInfo: {
      name: issuingUnit,
      address: projectAddress,
      profile: `${issuingUnit}是专业从事箱板纸、瓦楞纸及纸包装产品生产的大型造纸企业。`,
    },
    buyerContact: { name: buyer, phone, email: 'purchase@example.com' },
  };
  // 2 % of the total price in whole thousands, at least 1,000: derived, so the random sequence
  // (and with it the rest of the demo data) stays as it was.
  return { ...body, depositAmount: Math.max(1000, Math.round((body.totalPrice * 0.02) / 1000) * 1000) };
}

/** One demo notice: deadlines spread from two weeks ago to two months ahead, a few within a day. */
export function demoNotice(r: Rng, i: number, type: 0 | 1, now: Date, docs: PublicDocs): NewNotice {
  const material = r.pick(MATERIALS);
  const unit = r.pick(UNITS);
  const place = r.pick(PLACES);
  const roll = r.next();
  const hours = roll < 0.15 ? -r.int(1, 14 * 24) : roll < 0.25 ? r.int(1, 23) : r.int(24, 60 * 24);
  const cutoffTime = new Date(now.getTime() + hours * 3600_000);
  const publishedAt = new Date(Math.min(now.getTime(), cutoffTime.getTime()) - r.int(3, 30) * 86_400_000);
  const year = publishedAt.getUTCFullYear();
  const kind = type === 0 ? '招标' : '采购';
  const title = `${year}年度${material[0]}${r.pick(['集中', '年度', '补充', '专项'])}${kind}项目`;
  return {
    bindOrPurchase: type,
    tenderNo: `${type === 0 ? 'ZB' : 'CG'}${year}${String(i + 1).padStart(4, '0')}`,
    title,
    issuingUnit: unit,
    projectAddress: place,
    registrationCount: r.int(0, 40),
    cutoffTime,
    publishedAt,
    detail: noticeBody(unit, place, r, docs),
  };
}
