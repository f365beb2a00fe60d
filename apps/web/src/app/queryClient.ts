import { QueryClient } from '@tanstack/react-query';

/** The one query cache of the application. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});
