import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { addSignedInPrefetch } from './app/auth/prefetch';
import './app/global.css';
import { preloadHeaderSlots, shellSlots } from './shell-slots';

addSignedInPrefetch(preloadHeaderSlots);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App slots={shellSlots} />
  </StrictMode>,
);
