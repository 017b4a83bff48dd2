import { SupplierStatus, type SupplierStatusCode } from '../../contract/limits';
import { creditCodeCheckChar } from '../../contract/rules';
import type { SupplierFields } from '../../contract/schemas/supplier';
import type { Queryable, Tx } from '../db/db';
import { insertFile } from '../db/file-repo';
import { insertSupplier } from '../db/supplier-repo';
import type { FileStorage } from '../files/storage';
import { mimeOf } from '../files/mime';
import { hashPassword } from '../security/passwords';
import { downloadUrl } from '../services/file-refs';
import { demoPdf } from './documents';

export interface DemoAccount {
  username: string;
  password: string;
  status: SupplierStatusCode;
  supplierName: string;
  email: string;
  phone: string;
}

/** One demo supplier per status, so every menu variant of the portal can be tried. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'demo_a101',
    password: 'Demo1234',
    status: SupplierStatus.A101,
    supplierName: '东莞市新锐包装材料有限公司',
    email: 'a101@demo.example.com',
    phone: '13800000101',
  },
  {
    username: 'demo_a104',
    password: 'Demo1234',
    status: SupplierStatus.A104,
    supplierName: '江苏恒通纸业有限公司',
    email: 'a104@demo.example.com',
    phone: '13800000104',
  },
  {
    username: 'demo_a141',
    password: 'Demo1234',
    status: SupplierStatus.A141,
    supplierName: '广西林海淀粉化工有限公司',
    email: 'a141@demo.example.com',
    phone: '13800000141',
  },
];

/** A valid unified social credit code: "91" (enterprise), a region, an organisation code, the check character. */
export function demoCreditCode(region: string, org: string): string {
  const first17 = `91${region}${org}`;
  const check = creditCodeCheckChar(first17);
  if (!check) throw new Error(`malformed credit code base ${first17}`);
  return first17 + check;
}

const CREDIT_BASES: Array<[string, string]> = [
  ['441900', 'MA4UQ1B2X'],
  ['320500', '7382915KJ'],
  ['450500', 'MA5NH20C1'],
];

export async function seedDemoSuppliers(db: Tx, storage: FileStorage, now: Date): Promise<void> {
  for (const [i, account] of DEMO_ACCOUNTS.entries()) {
    const [region, org] = CREDIT_BASES[i]!;
    const licenseName = `${account.supplierName}-营业执照.pdf`;
    const key = storage.newKey('u', licenseName, now);
    const creditCode = demoCreditCode(region, org);
    // A licence is an image or a PDF (contract/upload-rules.ts); the PDF's font shows ASCII only.
    const bytes = demoPdf(['Business licence (demo)', `Unified social credit code: ${creditCode}`, `Account: ${account.username}`]);
    const fields: SupplierFields = {
      supplierName: account.supplierName,
      creditCode,
      businessLicense: { name: licenseName, url: downloadUrl(key), path: key },
      legalPerson: ['张伟', '刘洋', '黄海'][i]!,
      establishDate: ['2012-05-18', '2008-09-01', '2015-03-26'][i]!,
      registeredCapital: [500, 3000, 1200][i]!,
      provinceCode: region.slice(0, 2) + '0000',
      cityCode: region.slice(0, 4) + '00',
      registeredAddress: [
        '广东省东莞市麻涌镇新沙工业园 8 号',
        '江苏省苏州市吴江区松陵镇纸业路 66 号',
        '广西壮族自治区北海市铁山港区淀粉产业园 3 号',
      ][i]!,
      businessScope: ['瓦楞纸箱、彩盒、缠绕膜生产与销售', '箱板纸、瓦楞原纸的生产与销售', '玉米淀粉、变性淀粉及造纸化学品的生产与销售'][i]!,
      cooperationIntention: ['AUX', 'RAW', 'RAW'][i]!,
      contactName: ['陈静', '周强', '梁晓东'][i]!,
      contactPhone: account.phone,
      email: account.email,
      productionBase: ['DG', 'TJ', 'BH'][i]!,
      counterpartAccount: '',
      counterpartDepartment: ['DG-PUR', 'TJ-PUR', 'BH-PUR'][i]!,
      attachments: [],
      bankInfo: {
        acctNo: `6222 0201 0000 ${String(1000 + i)}`,
        bankNo: '102100099996',
        acctName: account.supplierName,
        bankName: '中国工商银行',
        bankAddress: '',
        currency: 'CNY',
      },
    };
    const id = await insertSupplier(
      db,
      { username: account.username, passwordHash: await hashPassword(account.password), status: account.status, fields },
      now,
    );
    const { size, sha256 } = await storage.writeBytes(key, bytes);
    await insertFile(
      db,
      { storageKey: key, ownerSupplierId: id, public: false, originalName: licenseName, size, sha256, mime: mimeOf(key) },
      now,
    );
  }
}

/** The demo accounts this database holds (the start banner lists them; none on a production database). */
export async function existingDemoAccounts(db: Queryable): Promise<DemoAccount[]> {
  const rows = await db.query<{ username: string }>('SELECT username FROM suppliers WHERE username = ANY($1::text[])', [
    DEMO_ACCOUNTS.map((a) => a.username),
  ]);
  const present = new Set(rows.map((r) => r.username));
  return DEMO_ACCOUNTS.filter((a) => present.has(a.username));
}
