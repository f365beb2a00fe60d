import { QueryClientProvider } from '@tanstack/react-query';
import H5App from '../h5/H5App';
import { queryClient } from './queryClient';

/** The phone pages (antd-mobile) with the query cache they share with the desktop pages. */
export default function H5Root() {
  return (
    <QueryClientProvider client={queryClient}>
      <H5App />
    </QueryClientProvider>
  );
}
