import type { DashboardStatName } from '@go/contract';
import { api, ApiError } from '../../app/http/api';
import { fetchNews } from '../announcement/api';
import type { Application, Page, Task } from '../workflow/api';

/** The call's result, or an error with the server's message (each card shows its own error). */
async function resultOf<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    throw e instanceof ApiError ? new Error(e.message || '加载失败') : e;
  }
}

const HOME_ROWS = 5;

/** The caller's to-do count and newest tasks. */
export async function fetchHomeTodo(): Promise<{ total: number; rows: Task[] }> {
  const r: Page<Task> | Task[] = await resultOf(api.workflow.todoList({ pageIndex: 1, pageSize: HOME_ROWS }, { silent: true }));
  if (Array.isArray(r)) return { total: r.length, rows: r.slice(0, HOME_ROWS) };
  return { total: Number(r?.total ?? 0), rows: r?.records ?? [] };
}

/** The caller's applications in progress (status 1, 审批中). */
export async function fetchHomeApplications(): Promise<{ total: number; rows: Application[] }> {
  const r: Page<Application> = await resultOf(api.workflow.myApplications({ status: 1, pageNo: 1, pageSize: HOME_ROWS }, { silent: true }));
  return { total: Number(r?.total ?? 0), rows: r?.records ?? [] };
}

/** The newest notices (/notice), newest first. */
export function fetchHomeNotices() {
  return fetchNews(1, HOME_ROWS);
}

/** One statistic of /dashboard/hoom; `company` only for A01 users (others are scoped by the server). */
export function fetchStat<T>(name: DashboardStatName, company: string | undefined): Promise<T> {
  return resultOf(api.dashboard.stat({ name, ...(company ? { company } : {}) }, { silent: true })) as Promise<T>;
}
