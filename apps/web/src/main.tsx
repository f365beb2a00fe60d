import { HOME_PATH } from '@go/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { addSignedInPrefetch, addSignInDataPrefetch } from './app/auth/prefetch';
import { installChunkErrorReload } from './app/router/chunk-errors';
import './app/global.css';
import { preloadHeaderSlots, shellSlots } from './shell-slots';

installChunkErrorReload();
addSignedInPrefetch(preloadHeaderSlots);
// signing in to the home page asks for its cards' data after the permission request has left, once the
// dashboard's data module is loaded (leaving with it, they delayed its answer)
addSignInDataPrefetch((target) => {
  if (target === HOME_PATH) void import('./features/dashboard/home-data').then((m) => m.prefetchHomeData());
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App slots={shellSlots} />
  </StrictMode>,
);
