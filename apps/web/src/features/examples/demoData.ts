import type { GridColumn, GridRow } from '../../components/grid';

export const SOCKET_KEY = 'component-examples-grid';

const SUPPLIERS = [
  { code: 'S001', name: '华东办公用品有限公司', contact: '王经理', phone: '13812345678' },
  { code: 'S002', name: '北方电子设备有限公司', contact: '李经理', phone: '13912345678' },
  { code: 'S003', name: '南方物流服务有限公司', contact: '赵经理', phone: '13712345678' },
];

/** The demo grid: every cell type and rule (docs/widgets.md, "Editable grid"). */
export function demoColumns(): GridColumn[] {
  return [
    { key: 'name', title: '名称', type: 'input', width: 140, validateRules: [{ required: true }, { unique: true }] },
    { key: 'phone', title: '手机号', type: 'input', width: 140, validateRules: [{ pattern: 'm' }] },
    { key: 'email', title: '邮箱', type: 'input', width: 170, validateRules: [{ pattern: 'e' }] },
    {
      key: 'code',
      title: '编码',
      type: 'input',
      width: 120,
      validateRules: [
        { pattern: /^[A-Z]{2}\d*$/, message: '${title}须以两个大写字母开头' },
        { handler: ({ value }, cb) => cb(String(value ?? '') !== 'XX000', '${title}已被占用') },
      ],
    },
    { key: 'qty', title: '数量', type: 'inputNumber', width: 100, statistics: ['sum', 'average'], validateRules: [{ pattern: 'z' }] },
    { key: 'price', title: '单价', type: 'inputNumber', width: 110, statistics: ['sum'], validateRules: [{ pattern: 'money' }] },
    {
      key: 'sex',
      title: '性别',
      type: 'radio',
      width: 140,
      options: [
        { value: '1', label: '男' },
        { value: '2', label: '女' },
      ],
    },
    {
      key: 'level',
      title: '级别',
      type: 'select',
      width: 120,
      options: [
        { value: 'L', label: '一般' },
        { value: 'M', label: '重要' },
        { value: 'H', label: '紧急' },
      ],
    },
    {
      key: 'city',
      title: '城市',
      type: 'selectSearch',
      width: 130,
      options: ['北京', '上海', '广州', '深圳', '杭州', '南京'].map((c) => ({ value: c, label: c })),
    },
    {
      key: 'skills',
      title: '技能',
      type: 'selectMultiple',
      width: 180,
      options: ['Java', 'TypeScript', 'SQL', 'Excel'].map((c) => ({ value: c, label: c })),
    },
    { key: 'birthday', title: '生日', type: 'date' },
    { key: 'meetTime', title: '会议时间', type: 'datetime' },
    {
      key: 'supplier',
      title: '供应商',
      type: 'popup',
      width: 170,
      popup: {
        title: '选择供应商',
        valueField: 'name',
        fieldMap: { supplierCode: 'code' },
        columns: [
          { key: 'code', title: '编码' },
          { key: 'name', title: '名称' },
          { key: 'contact', title: '联系人' },
          { key: 'phone', title: '电话' },
        ],
        rows: SUPPLIERS,
      },
    },
    { key: 'supplierCode', title: '供应商编码', type: 'normal', width: 110 },
    { key: 'depart', title: '部门', type: 'selDepart' },
    { key: 'users', title: '人员', type: 'selUser' },
    { key: 'attachment', title: '附件', type: 'upload', width: 160 },
    { key: 'photo', title: '图片', type: 'image', width: 150 },
    { key: 'enabled', title: '启用', type: 'checkbox', width: 80, customValue: ['Y', 'N'], defaultValue: 'N' },
  ];
}

export function demoRows(): GridRow[] {
  return [
    { id: '1001', name: '办公桌', phone: '13912345678', email: 'a@example.com', code: 'BG01', qty: 2, price: 450, sex: '1', level: 'L', city: '北京', skills: 'Excel', birthday: '1990-01-02', meetTime: '2026-11-20 09:30:00', orderNum: 1, enabled: 'Y' },
    { id: '1002', name: '打印机', phone: '', email: '', code: 'DY02', qty: 1, price: 1299.5, sex: '2', level: 'M', city: '上海', skills: '', orderNum: 2, enabled: 'N' },
    { id: '1003', name: '显示器', phone: '13712345678', email: '', code: 'XS03', qty: 3, price: 899, sex: '1', level: 'H', city: '深圳', skills: 'Java,SQL', orderNum: 3, enabled: 'Y' },
  ];
}

/** 20 columns of mixed cheap types for the 5,000-row measurement. */
export function benchColumns(): GridColumn[] {
  const cols: GridColumn[] = [];
  for (let i = 0; i < 20; i++) {
    const type = i % 5 === 1 ? 'inputNumber' : i % 5 === 3 ? 'select' : i % 7 === 6 ? 'date' : 'input';
    cols.push({
      key: `c${i}`,
      title: `列${i + 1}`,
      type,
      width: 120,
      ...(type === 'select' ? { options: [{ value: 'A', label: '甲' }, { value: 'B', label: '乙' }] } : {}),
      ...(type === 'inputNumber' && i < 5 ? { statistics: ['sum' as const] } : {}),
    });
  }
  return cols;
}

export function benchRows(n: number): GridRow[] {
  const rows: GridRow[] = [];
  for (let r = 0; r < n; r++) {
    const row: GridRow = { id: String(r + 1) };
    for (let i = 0; i < 20; i++) {
      row[`c${i}`] = i % 5 === 1 ? (r * 7 + i) % 1000 : i % 5 === 3 ? (r % 2 ? 'A' : 'B') : i % 7 === 6 ? '2026-11-21' : `行${r + 1}-${i + 1}`;
    }
    rows.push(row);
  }
  return rows;
}
