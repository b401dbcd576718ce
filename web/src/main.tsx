import '@/lib/i18n';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { z } from 'zod';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';

// Zod probes `new Function` to compile faster validators; the content security policy forbids eval,
// and the probe would be reported as a violation. Validation works the same without it.
z.config({ jitless: true });

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
