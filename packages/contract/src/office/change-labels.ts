/**
 * The change trail of office records (docs/audit.md; types in CHANGE_RECORD_TYPES): the permission reading a record's changes
 * (the list permission of its screen) and the field labels of the edit forms.
 */
export const OFFICE_CHANGE_PERMS: Record<string, string> = {
  oa_weekly: 'office:weekly:list',
  oa_mission: 'office:mission:list',
  oa_indicator: 'office:indicator:list',
  oa_proposal: 'office:proposal:list',
};

const months = Array.from({ length: 12 }, (_, i) => i + 1);

export const OFFICE_CHANGE_LABELS: Record<string, Record<string, string>> = {
  oa_weekly: {
    weekStart: '周',
    doneContent: '本周完成',
    planContent: '下周计划',
    problemContent: '问题与需要的支持',
    attachments: '附件',
    status: '状态',
    submitTime: '提交时间',
    recipients: '提交给',
  },
  oa_mission: {
    title: '任务名称',
    description: '描述',
    owner: '负责人',
    participants: '参与人',
    priority: '优先级',
    startDate: '开始日期',
    dueDate: '截止日期',
    status: '状态',
    progress: '进度',
    attachments: '附件',
    boardId: '所属看板',
    columnKey: '看板列',
    finishTime: '完成时间',
    items: '子任务与检查项',
  },
  oa_indicator: {
    year: '年度',
    name: '指标名称',
    unit: '单位',
    target: '年度目标',
    weight: '权重',
    owner: '责任人',
    sysOrgCode: '所属公司或部门',
    ...Object.fromEntries(months.flatMap((m) => [[`target_${m}`, `${m}月目标`], [`actual_${m}`, `${m}月实际`]])),
  },
  oa_proposal: { adoptTime: '采纳时间', owner: '负责人', missionId: '落实任务' },
};
