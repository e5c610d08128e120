import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { TopLevelErrorBoundary } from './app/error-boundary';
import { AppProviders } from './app/providers';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <TopLevelErrorBoundary>
      <AppProviders />
    </TopLevelErrorBoundary>
  </StrictMode>,
);
