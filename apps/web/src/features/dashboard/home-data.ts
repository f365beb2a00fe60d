import { hashKey } from '@tanstack/react-query';
import { queryClient } from '../../app/queryClient';
import { fetchHomeApplications, fetchHomeNotices, fetchHomeTodo } from './api';

/** The home page's three cards; the to-do card's key is refreshed by the user's socket with the header badge. */
export const HOME_QUERIES = {
  todo: { queryKey: ['todoBadge', 'homeCard'], queryFn: fetchHomeTodo },
  applications: { queryKey: ['home', 'applications'], queryFn: fetchHomeApplications },
  notices: { queryKey: ['home', 'notices'], queryFn: fetchHomeNotices },
} as const;

/** Cards whose data was asked for at sign-in and not yet shown. */
const fromSignIn = new Set<string>();

/**
 * Asks for the three cards' data beside the permission load at sign-in, so the home page opens with it
 * instead of asking after its first render.
 */
export function prefetchHomeData(): void {
  const { todo, applications, notices } = HOME_QUERIES;
  for (const q of [todo, applications, notices]) fromSignIn.add(hashKey(q.queryKey));
  void queryClient.prefetchQuery({ ...todo, retry: false });
  void queryClient.prefetchQuery({ ...applications, retry: false });
  void queryClient.prefetchQuery({ ...notices, retry: false });
}

/**
 * A card loads whenever the home page mounts, except the first time after sign-in when the data asked for
 * then has arrived (an answer still on its way is waited for, not asked again).
 */
export function refetchOnMount(query: { queryHash: string; state: { status: string } }): boolean {
  return !(fromSignIn.has(query.queryHash) && query.state.status === 'success');
}

/** The home page has shown the sign-in answers (called after its first mount): later visits load afresh. */
export function signInDataShown(): void {
  fromSignIn.clear();
}
