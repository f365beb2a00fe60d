import type {
  Page,
  Light,
  OaBoardView,
  OaCommentRow,
  OaIndicatorNode,
  OaIndicatorRow,
  OaMissionRow,
  OaProposalAdoptedRow,
  OaWeeklyRecipientRow,
  OaWeeklyRow,
} from '@go/contract';
import { deleteAction, getAction, postAction, putAction, type Envelope } from '../../app/http/client';

/** The rows below are the server's response rows, declared once in the contract (office/responses). */

/** Throws the server message of a failed envelope (business errors come back as HTTP 200). */
export async function unwrap<T>(p: Promise<Envelope<T>>): Promise<T> {
  const r = await p;
  if (!r.success) throw new Error(r.message || '操作失败');
  return r.result;
}

export type Recipient = OaWeeklyRecipientRow;

export type WeeklyRow = OaWeeklyRow;

/** A page of records (the contract's page shape). */
export type PageResult<T> = Page<T>;

export type CommentRow = OaCommentRow;

export interface WeeklyBody {
  id?: string;
  weekStart: string;
  doneContent?: string;
  planContent?: string;
  problemContent?: string;
  attachments?: string;
  recipients?: string[];
  submit?: boolean;
}

const W = '/office/weekly';

export const weeklyApi = {
  my: (params: Record<string, unknown>) => unwrap(getAction<PageResult<WeeklyRow>>(`${W}/my`, params)),
  prefill: (weekStart: string) =>
    unwrap(getAction<{ weekStart: string; existing: WeeklyRow | null; doneContent: string; lastWeekStart?: string | null }>(`${W}/prefill`, { weekStart })),
  // docs/security.md, "AES payload envelope": weekly add is sent as a plain body.
  add: (body: WeeklyBody) => unwrap(postAction<{ id: string; status: string }>(`${W}/add`, body, { noEncrypt: true })),
  edit: (body: WeeklyBody) => unwrap(putAction<{ id: string; status: string }>(`${W}/edit`, body, { noEncrypt: true })),
  remove: (id: string) => unwrap(deleteAction(`${W}/delete`, { id })),
  received: (params: Record<string, unknown>) =>
    unwrap(getAction<PageResult<WeeklyRow & { readFlag: string; summary: string; readFlag_dictText: string }>>(`${W}/received`, params)),
  get: (id: string) => unwrap(getAction<WeeklyRow>(`${W}/queryById`, { id })),
  comments: (id: string) => unwrap(getAction<CommentRow[]>(`${W}/comments`, { id })),
  comment: (bizId: string, content: string, parentId?: string) => unwrap(postAction<CommentRow>(`${W}/comment`, { bizId, content, parentId })),
  unsubmitted: (weekStart: string) =>
    unwrap(
      getAction<{ weekLabel: string; teamSize: number; records: { username: string; realname: string; departName: string; draft: boolean }[] }>(`${W}/unsubmitted`, {
        weekStart,
      }),
    ),
  remind: async (weekStart: string, usernames?: string[]) => {
    const r = await postAction<number>(`${W}/remind`, { weekStart, usernames });
    if (!r.success) throw new Error(r.message);
    return r.message;
  },
  search: (params: Record<string, unknown>) => unwrap(getAction<PageResult<WeeklyRow>>(`${W}/list`, params)),
};

export interface UserOption {
  username: string;
  realname: string;
  orgCode?: string;
}

/**
 * People for a picker from the shared person search (`/sys/user/searchPeople`: active accounts of the own
 * company by real name, account, pinyin or initials), the first `pageSize` matches.
 */
export async function searchPeople(keyword: string, pageSize = 30): Promise<UserOption[]> {
  const r = await unwrap(getAction<{ records: UserOption[] }>('/sys/user/searchPeople', { keyword: keyword.trim() || undefined, pageNo: 1, pageSize }));
  return r.records;
}

export type MissionRow = OaMissionRow;

export interface MissionItem {
  id: string;
  missionId: string;
  kind: 'task' | 'check';
  title: string;
  done: number;
}

export interface MissionBody {
  id?: string;
  title: string;
  owner: string;
  participants?: string[];
  priority?: string;
  startDate?: string;
  dueDate?: string;
  status?: string;
  description?: string;
  attachments?: string;
  boardId?: string | null;
}

export type BoardColumnView = BoardView['columns'][number];

export type BoardView = OaBoardView;

const M = '/office/mission';
const K = '/office/kanban';

export const missionApi = {
  list: (params: Record<string, unknown>) => unwrap(getAction<PageResult<MissionRow>>(`${M}/list`, params)),
  get: (id: string) => unwrap(getAction<MissionRow & { items: MissionItem[] }>(`${M}/queryById`, { id })),
  add: (b: MissionBody) => unwrap(postAction<string>(`${M}/add`, b)),
  edit: (b: MissionBody) => unwrap(putAction<string>(`${M}/edit`, b)),
  status: (id: string, status: string) => unwrap(postAction(`${M}/status`, { id, status })),
  remove: (id: string) => unwrap(deleteAction(`${M}/delete`, { id })),
  addItem: (missionId: string, kind: 'task' | 'check', title: string) => unwrap(postAction<MissionItem>(`${M}/item`, { missionId, kind, title })),
  toggleItem: (id: string, done: boolean) => unwrap(postAction(`${M}/itemToggle`, { id, done })),
  deleteItem: (id: string) => unwrap(deleteAction(`${M}/itemDelete`, { id })),
  comments: (id: string) => unwrap(getAction<CommentRow[]>(`${M}/comments`, { id })),
  comment: (bizId: string, content: string, parentId?: string) => unwrap(postAction<CommentRow>(`${M}/comment`, { bizId, content, parentId })),
  boards: () => unwrap(getAction<{ id: string; name: string }[]>(`${K}/boards`)),
  board: (params: Record<string, unknown>) => unwrap(getAction<BoardView>(`${K}/board`, params)),
  boardAdd: (name: string, description?: string) => unwrap(postAction<string>(`${K}/boardAdd`, { name, description })),
  /** Resolves with the new place, or rejects with the server's answer (a conflict carries the current place). */
  move: async (id: string, toColumn: string, version: number, toIndex?: number) => {
    const r = await postAction<{ column: string; card: MissionRow }>(`${K}/move`, { id, toColumn, version, toIndex });
    if (!r.success) throw Object.assign(new Error(r.message), { result: r.result });
    return r.result;
  },
};

export type { Light };

export type IndicatorRow = OaIndicatorRow;

export type IndicatorNode = OaIndicatorNode;

const I = '/office/indicator';
export const indicatorApi = {
  list: (year: number, orgCode?: string) => unwrap(getAction<IndicatorRow[]>(`${I}/list`, { year, orgCode })),
  tree: (year: number) => unwrap(getAction<IndicatorNode[]>(`${I}/tree`, { year })),
  add: (b: Record<string, unknown>) => unwrap(postAction<string>(`${I}/add`, b)),
  edit: (b: Record<string, unknown>) => unwrap(putAction<string>(`${I}/edit`, b)),
  remove: (id: string) => unwrap(deleteAction(`${I}/delete`, { id })),
  targets: (id: string, months: number[]) => unwrap(postAction(`${I}/targets`, { id, months })),
  actual: (id: string, month: number, actual: number | null) => unwrap(postAction(`${I}/actual`, { id, month, actual })),
};

export async function departOptions(): Promise<{ orgCode: string; departName: string }[]> {
  const r = await unwrap(getAction<{ orgCode: string; title?: string; departName?: string; children?: unknown[] }[]>('/sys/sysDepart/queryTreeList'));
  const out: { orgCode: string; departName: string }[] = [];
  const walk = (nodes: unknown[], depth: number) => {
    for (const n of nodes as { orgCode: string; title?: string; departName?: string; children?: unknown[] }[]) {
      out.push({ orgCode: n.orgCode, departName: `${'　'.repeat(depth)}${n.departName ?? n.title ?? n.orgCode}` });
      if (n.children?.length) walk(n.children, depth + 1);
    }
  };
  walk(r ?? [], 0);
  return out;
}

export type AdoptedProposal = OaProposalAdoptedRow;

export const proposalApi = {
  adopted: (params: Record<string, unknown>) => unwrap(getAction<PageResult<AdoptedProposal>>('/office/proposal/adopted', params)),
  like: (id: string) => unwrap(postAction<{ liked: boolean; likeCount: number }>('/office/proposal/like', { id })),
  assign: (id: string, owner: string, dueDate?: string) => unwrap(postAction<string>('/office/proposal/assign', { id, owner, dueDate })),
};
