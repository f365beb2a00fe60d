import { useQuery } from '@tanstack/react-query';
import { fetchMultiUser } from '../../../components/pickers/multi-user';

/** A sender shown by real name (announcements keep the username); the username while it loads. */
export function SenderName({ username }: { username: string | null | undefined }) {
  const name = String(username ?? '');
  const q = useQuery({
    queryKey: ['realname', name],
    enabled: !!name,
    staleTime: 10 * 60_000,
    queryFn: async () => {
      const list = await fetchMultiUser<{ username: string; realname: string | null }>({ username: name }, { silent: true });
      const u = list.find((x) => x.username === name);
      return u?.realname || name;
    },
  });
  return <span title={name}>{q.data ?? name}</span>;
}
