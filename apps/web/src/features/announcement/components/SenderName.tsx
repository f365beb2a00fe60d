import { useQuery } from '@tanstack/react-query';
import { getAction } from '../../../app/http/client';

/** A sender shown by real name (announcements keep the username); the username while it loads. */
export function SenderName({ username }: { username: string | null | undefined }) {
  const name = String(username ?? '');
  const q = useQuery({
    queryKey: ['realname', name],
    enabled: !!name,
    staleTime: 10 * 60_000,
    queryFn: async () => {
      const res = await getAction<{ username: string; realname: string | null }[]>('/sys/user/getMultiUser', { username: name }, { silent: true });
      const u = res.success ? (res.result ?? []).find((x) => x.username === name) : undefined;
      return u?.realname || name;
    },
  });
  return <span title={name}>{q.data ?? name}</span>;
}
