import { HOME_PATH } from '@go/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { addSignedInPrefetch, addSignInDataPrefetch } from './app/auth/prefetch';
import './app/global.css';
import { preloadHeaderSlots, shellSlots } from './shell-slots';

type HomeData = typeof import('./features/dashboard/home-data');
const loadHomeData = () => import('./features/dashboard/home-data');
let homeData: HomeData | null = null;

addSignedInPrefetch(preloadHeaderSlots);
// fetched with the signed-in pages, so the requests below leave together with the permission load
addSignedInPrefetch(() => void loadHomeData().then((m) => (homeData = m), () => undefined));
// signing in to the home page asks for its cards' data beside the permission load
addSignInDataPrefetch((target) => {
  if (target !== HOME_PATH) return;
  if (homeData) homeData.prefetchHomeData();
  else void loadHomeData().then((m) => m.prefetchHomeData());
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App slots={shellSlots} />
  </StrictMode>,
);
