import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './landing.css';
import { LandingApp } from './app';
import { readLinks } from './content';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LandingApp links={readLinks()} />
  </StrictMode>,
);
