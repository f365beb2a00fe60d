import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './app/global.css';
import { shellSlots } from './shell-slots';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App slots={shellSlots} />
  </StrictMode>,
);
