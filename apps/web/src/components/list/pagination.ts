import { PAGE_SIZE_OPTIONS } from '@go/contract';
import type { TablePaginationConfig } from 'antd';

/**
 * The list pagination (docs/contract.md, "Limits and constants"): sizes 10/20/30, quick jumper and size changer, "a-b 共N条".
 * `onPage` gets the page to show, already reset to 1 when the page size changed.
 */
export function listPagination(
  pageNo: number,
  pageSize: number,
  total: number,
  onPage?: (pageNo: number, pageSize: number) => void,
): TablePaginationConfig {
  return {
    current: pageNo,
    pageSize,
    total,
    showSizeChanger: true,
    showQuickJumper: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    showTotal: (t, range) => `${range[0]}-${range[1]} 共${t}条`,
    ...(onPage ? { onChange: (p: number, s: number) => onPage(s !== pageSize ? 1 : p, s) } : {}),
  };
}
