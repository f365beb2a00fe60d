import { useQuery } from '@tanstack/react-query';
import { readPage, wfApi } from '../features/workflow/api';

/** The caller's pending to-do count (the same `/actTask/todoList` call as the desktop badge). */
export function useTodoCount() {
  return useQuery({
    queryKey: ['h5TodoCount'],
    staleTime: 30_000,
    queryFn: async () => readPage(await wfApi.todoList({ pageIndex: 1, pageSize: 1 })).total,
  });
}
