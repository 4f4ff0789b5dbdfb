import { messages } from '@consultorio/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { queryClient } from '../lib/query-client';
import { TOAST_OFFSET } from './layout-metrics';
import { cssVariablesResolver, theme } from './theme';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster
          position="top-right"
          richColors
          closeButton
          theme="light"
          visibleToasts={3}
          duration={4000}
          offset={TOAST_OFFSET}
          mobileOffset={TOAST_OFFSET}
          containerAriaLabel={messages.app.notifications}
          toastOptions={{ closeButtonAriaLabel: messages.common.close }}
        />
      </QueryClientProvider>
    </MantineProvider>
  );
}
