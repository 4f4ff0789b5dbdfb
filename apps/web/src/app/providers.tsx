import { messages } from '@consultorio/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { loadToasts, useToasterNeeded } from '../lib/toasts';
import { TOAST_MOBILE_OFFSET, TOAST_OFFSET, TOAST_POSITION } from './layout-metrics';
import { cssVariablesResolver, theme, toastColors } from './theme';

const Toaster = lazy(async () => ({ default: (await loadToasts()).Toaster }));

export function AppProviders({ children }: { children: ReactNode }) {
  // Mounted with the first toast (sonner is not part of the login page's JavaScript).
  const toasterNeeded = useToasterNeeded();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {children}
        {toasterNeeded && (
          <Suspense fallback={null}>
            <Toaster
          position={TOAST_POSITION}
          richColors
          closeButton
          theme="light"
          visibleToasts={3}
          duration={4000}
          offset={TOAST_OFFSET}
          mobileOffset={TOAST_MOBILE_OFFSET}
          containerAriaLabel={messages.app.notifications}
          style={toastColors}
          toastOptions={{ closeButtonAriaLabel: messages.common.close }}
            />
          </Suspense>
        )}
      </QueryClientProvider>
    </MantineProvider>
  );
}
