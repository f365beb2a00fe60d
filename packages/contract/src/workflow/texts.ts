/** An application's process status (`status`) in words, as lists and exports show it. */
export const WF_STATUS_TEXT: Record<number, string> = { 0: '草稿', 1: '处理中', 2: '已结束', 3: '已撤回' };
/** An application's outcome (`result`) in words. */
export const WF_RESULT_TEXT: Record<number, string> = { 0: '未提交', 1: '处理中', 2: '通过', 3: '驳回', 4: '撤回', 5: '删除' };
