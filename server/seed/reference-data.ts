/** Reference data of the demo installation: labels in zh-CN, en and vie. */
type Labels = { 'zh-CN': string; en: string; vie: string };
const l = (zh: string, en: string, vie: string): Labels => ({ 'zh-CN': zh, en, vie });

export const DICTIONARIES: Record<string, Array<[string, Labels]>> = {
  currency: [
    ['CNY', l('人民币', 'Chinese Yuan (CNY)', 'Nhân dân tệ (CNY)')],
    ['USD', l('美元', 'US Dollar (USD)', 'Đô la Mỹ (USD)')],
    ['VND', l('越南盾', 'Vietnamese Dong (VND)', 'Đồng Việt Nam (VND)')],
    ['EUR', l('欧元', 'Euro (EUR)', 'Euro (EUR)')],
  ],
  cooperationIntention: [
    ['RAW', l('原材料供应', 'Raw material supply', 'Cung cấp nguyên liệu')],
    ['AUX', l('辅料供应', 'Auxiliary material supply', 'Cung cấp vật tư phụ')],
    ['EQP', l('设备及备件', 'Equipment and spare parts', 'Thiết bị và phụ tùng')],
    ['LOG', l('物流运输', 'Logistics', 'Vận chuyển')],
    ['SVC', l('工程及服务', 'Engineering and services', 'Công trình và dịch vụ')],
  ],
  tenderingManner: [
    ['OPEN', l('公开招标', 'Open tender', 'Đấu thầu rộng rãi')],
    ['INVITE', l('邀请招标', 'Invited tender', 'Đấu thầu hạn chế')],
    ['COMPARE', l('比价采购', 'Price comparison', 'Chào hàng cạnh tranh')],
    ['SINGLE', l('单一来源', 'Single source', 'Chỉ định thầu')],
  ],
  classification: [
    ['PULP', l('纸浆', 'Pulp', 'Bột giấy')],
    ['PAPER', l('原纸', 'Base paper', 'Giấy nền')],
    ['CHEM', l('化工辅料', 'Chemicals', 'Hóa chất')],
    ['PACK', l('包装材料', 'Packaging materials', 'Vật liệu đóng gói')],
    ['SPARE', l('备品备件', 'Spare parts', 'Phụ tùng')],
    ['ENERGY', l('能源', 'Energy', 'Năng lượng')],
  ],
  certificateType: [
    ['ID', l('居民身份证', 'Resident ID card', 'Chứng minh nhân dân Trung Quốc')],
    ['PASSPORT', l('护照', 'Passport', 'Hộ chiếu')],
    ['HKMO', l('港澳居民来往内地通行证', 'Home Return Permit', 'Giấy thông hành Hồng Kông/Ma Cao')],
    ['TW', l('台湾居民来往大陆通行证', 'Taiwan Compatriot Permit', 'Giấy thông hành Đài Loan')],
  ],
  gender: [
    ['M', l('男', 'Male', 'Nam')],
    ['F', l('女', 'Female', 'Nữ')],
  ],
  // Visit applications (also inserted by migration 007 for installations seeded before it).
  visitIntention: [
    ['AUDIT', l('审核验厂', 'Audit', 'Đánh giá nhà máy')],
    ['DELIVERY', l('送货', 'Delivery', 'Giao hàng')],
    ['INSTALL', l('安装施工', 'Installation work', 'Lắp đặt thi công')],
    ['MAINTAIN', l('设备维修', 'Maintenance', 'Bảo trì thiết bị')],
    ['MEETING', l('商务洽谈', 'Business meeting', 'Gặp gỡ kinh doanh')],
  ],
  entryMethod: [
    ['WALK', l('步行', 'On foot', 'Đi bộ')],
    ['CAR', l('小型车辆', 'Car', 'Ô tô con')],
    ['TRUCK', l('货车', 'Truck', 'Xe tải')],
  ],
  visitFileType: [
    ['ID_COPY', l('身份证件复印件', 'Copy of identity documents', 'Bản sao giấy tờ tùy thân')],
    ['SAFETY', l('安全培训记录', 'Safety training record', 'Hồ sơ huấn luyện an toàn')],
    ['QUALIFY', l('特种作业资格证', 'Special work qualification', 'Chứng chỉ tác nghiệp đặc biệt')],
    ['PLAN', l('施工方案', 'Work plan', 'Phương án thi công')],
    ['OTHER', l('其他', 'Other', 'Khác')],
  ],
  insuranceType: [
    ['ACCIDENT', l('团体意外险', 'Group accident insurance', 'Bảo hiểm tai nạn nhóm')],
    ['LIABILITY', l('雇主责任险', 'Employer liability insurance', 'Bảo hiểm trách nhiệm chủ sử dụng lao động')],
    ['CONSTRUCTION', l('建筑工程一切险', 'Construction all risks insurance', 'Bảo hiểm mọi rủi ro xây dựng')],
  ],
  mealType: [
    ['STD', l('标准餐', 'Standard meal', 'Suất ăn tiêu chuẩn')],
    ['VEG', l('素食', 'Vegetarian', 'Món chay')],
    ['HALAL', l('清真餐', 'Halal', 'Món Halal')],
  ],
  // Also inserted by migration 005 for installations seeded before deposits existed.
  depositType: [
    ['transfer', l('银行转账', 'Bank transfer', 'Chuyển khoản ngân hàng')],
    ['guarantee', l('银行保函', 'Bank guarantee', 'Bảo lãnh ngân hàng')],
    ['draft', l('银行汇票', 'Bank draft', 'Hối phiếu ngân hàng')],
  ],
};

/** A subset of GB/T 2260 codes: the provinces where the buyer and its suppliers sit. */
export const REGIONS: Array<[string, Labels, Array<[string, Labels]>]> = [
  ['110000', l('北京市', 'Beijing', 'Bắc Kinh'), [['110100', l('北京市', 'Beijing', 'Bắc Kinh')]]],
  ['310000', l('上海市', 'Shanghai', 'Thượng Hải'), [['310100', l('上海市', 'Shanghai', 'Thượng Hải')]]],
  [
    '320000',
    l('江苏省', 'Jiangsu', 'Giang Tô'),
    [
      ['320100', l('南京市', 'Nanjing', 'Nam Kinh')],
      ['320500', l('苏州市', 'Suzhou', 'Tô Châu')],
      ['320200', l('无锡市', 'Wuxi', 'Vô Tích')],
      ['320900', l('盐城市', 'Yancheng', 'Diêm Thành')],
    ],
  ],
  [
    '330000',
    l('浙江省', 'Zhejiang', 'Chiết Giang'),
    [
      ['330100', l('杭州市', 'Hangzhou', 'Hàng Châu')],
      ['330200', l('宁波市', 'Ningbo', 'Ninh Ba')],
      ['330400', l('嘉兴市', 'Jiaxing', 'Gia Hưng')],
    ],
  ],
  [
    '350000',
    l('福建省', 'Fujian', 'Phúc Kiến'),
    [
      ['350100', l('福州市', 'Fuzhou', 'Phúc Châu')],
      ['350200', l('厦门市', 'Xiamen', 'Hạ Môn')],
    ],
  ],
  [
    '370000',
    l('山东省', 'Shandong', 'Sơn Đông'),
    [
      ['370100', l('济南市', 'Jinan', 'Tế Nam')],
      ['370200', l('青岛市', 'Qingdao', 'Thanh Đảo')],
      ['370800', l('济宁市', 'Jining', 'Tế Ninh')],
    ],
  ],
  [
    '420000',
    l('湖北省', 'Hubei', 'Hồ Bắc'),
    [
      ['420100', l('武汉市', 'Wuhan', 'Vũ Hán')],
      ['420500', l('宜昌市', 'Yichang', 'Nghi Xương')],
    ],
  ],
  [
    '440000',
    l('广东省', 'Guangdong', 'Quảng Đông'),
    [
      ['440100', l('广州市', 'Guangzhou', 'Quảng Châu')],
      ['440300', l('深圳市', 'Shenzhen', 'Thâm Quyến')],
      ['441900', l('东莞市', 'Dongguan', 'Đông Quản')],
      ['440600', l('佛山市', 'Foshan', 'Phật Sơn')],
      ['440800', l('湛江市', 'Zhanjiang', 'Trạm Giang')],
    ],
  ],
  [
    '450000',
    l('广西壮族自治区', 'Guangxi', 'Quảng Tây'),
    [
      ['450100', l('南宁市', 'Nanning', 'Nam Ninh')],
      ['450500', l('北海市', 'Beihai', 'Bắc Hải')],
      ['450800', l('贵港市', 'Guigang', 'Quý Cảng')],
    ],
  ],
  [
    '510000',
    l('四川省', 'Sichuan', 'Tứ Xuyên'),
    [
      ['510100', l('成都市', 'Chengdu', 'Thành Đô')],
      ['511500', l('宜宾市', 'Yibin', 'Nghi Tân')],
    ],
  ],
];

/** The demo's bases: code, labels, departments, and the base's IANA time zone. */
export const PRODUCTION_BASES: Array<[string, Labels, Array<[string, Labels]>, string]> = [
  [
    'DG',
    l('东莞生产基地', 'Dongguan production base', 'Cơ sở sản xuất Đông Quản'),
    [
      ['DG-PUR', l('采购部', 'Purchasing', 'Phòng Mua hàng')],
      ['DG-PM1', l('一号纸机车间', 'Paper machine 1', 'Xưởng máy giấy số 1')],
      ['DG-EQP', l('设备部', 'Equipment', 'Phòng Thiết bị')],
      ['DG-QA', l('品管部', 'Quality assurance', 'Phòng Quản lý chất lượng')],
    ],
    'Asia/Shanghai',
  ],
  [
    'TJ',
    l('太仓生产基地', 'Taicang production base', 'Cơ sở sản xuất Thái Thương'),
    [
      ['TJ-PUR', l('采购部', 'Purchasing', 'Phòng Mua hàng')],
      ['TJ-PKG', l('包装车间', 'Packaging workshop', 'Xưởng đóng gói')],
      ['TJ-EHS', l('安环部', 'EHS', 'Phòng An toàn môi trường')],
    ],
    'Asia/Shanghai',
  ],
  [
    'BH',
    l('北海林浆纸基地', 'Beihai pulp and paper base', 'Cơ sở bột giấy Bắc Hải'),
    [
      ['BH-PUR', l('采购部', 'Purchasing', 'Phòng Mua hàng')],
      ['BH-PULP', l('制浆车间', 'Pulp mill', 'Xưởng bột giấy')],
      ['BH-LOG', l('物流部', 'Logistics', 'Phòng Hậu cần')],
    ],
    'Asia/Shanghai',
  ],
  [
    'VN',
    l('越南平阳基地', 'Binh Duong base (Vietnam)', 'Cơ sở Bình Dương (Việt Nam)'),
    [
      ['VN-PUR', l('采购部', 'Purchasing', 'Phòng Mua hàng')],
      ['VN-PRD', l('生产部', 'Production', 'Phòng Sản xuất')],
      ['VN-ADM', l('行政部', 'Administration', 'Phòng Hành chính')],
    ],
    'Asia/Ho_Chi_Minh',
  ],
];

/** The buyer's staff suppliers deal with: login account, name, department (a few per base). */
export const BUYER_COUNTERPARTS: Array<[string, string, string]> = [
  ['zhangwei.dg', '张伟', 'DG-PUR'],
  ['lina.dg', '李娜', 'DG-PUR'],
  ['wangqiang.dg', '王强', 'DG-EQP'],
  ['chenjing.dg', '陈静', 'DG-QA'],
  ['liuyang.tj', '刘洋', 'TJ-PUR'],
  ['zhaomin.tj', '赵敏', 'TJ-PKG'],
  ['sunhao.tj', '孙浩', 'TJ-EHS'],
  ['huangli.bh', '黄丽', 'BH-PUR'],
  ['zhoujie.bh', '周杰', 'BH-PULP'],
  ['wulei.bh', '吴磊', 'BH-LOG'],
  ['nguyen.an.vn', 'Nguyễn Văn An', 'VN-PUR'],
  ['tran.thi.mai.vn', 'Trần Thị Mai', 'VN-PUR'],
  ['le.minh.vn', 'Lê Minh', 'VN-PRD'],
  ['xuqing.vn', '徐晴', 'VN-ADM'],
];
