import { HY_MOVE_RULES, type HyMove, type HyStatus } from '@go/contract';

export const HR_URL = {
  list: '/manager/hyUser/list',
  detail: '/manager/hyUser/queryById',
  sensitive: '/manager/hyUser/sensitive',
  add: '/manager/hyUser/add',
  edit: '/manager/hyUser/edit',
  delete: '/manager/hyUser/delete',
  deleteBatch: '/manager/hyUser/deleteBatch',
  exportXls: '/manager/hyUser/exportXls',
  importExcel: '/manager/hyUser/importExcel',
  checkDuplicate: '/manager/hyUser/checkDuplicate',
  move: (m: HyMove) => `/manager/hyUser/${m}`,
  interviews: '/manager/hyInterview/list',
  addInterview: '/manager/hyInterview/add',
  newHires: '/manager/hyNew/list',
  onboarding: '/manager/hyNew/onboarding',
  transfers: '/manager/hyTransfer/list',
  transferExport: '/manager/hyUser/mobilizeExportXls',
  logs: '/manager/hyUserLog/list',
  relations: '/manager/hyRelation/list',
};

export const HR_PERM = {
  add: 'hr:user:add',
  edit: 'hr:user:edit',
  delete: 'hr:user:delete',
  export: 'hr:user:export',
  import: 'hr:user:import',
  sensitive: 'hr:sensitive:view',
  interview: 'hr:interview:edit',
};

/** The moves a file in `status` may take, in the order they are offered. */
export function movesFor(status: string): HyMove[] {
  return (Object.keys(HY_MOVE_RULES) as HyMove[]).filter((m) => HY_MOVE_RULES[m].from.includes(status as HyStatus));
}

export const STATUS_COLOR: Record<string, string> = {
  applicant: 'blue',
  talent: 'cyan',
  interview: 'purple',
  new: 'geekblue',
  probation: 'orange',
  regular: 'green',
  dimission: 'default',
  blacklist: 'red',
};
