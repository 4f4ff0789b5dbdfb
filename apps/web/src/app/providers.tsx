import { messages } from '@consultorio/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { loadToasts, useToastClearancePx, useToasterNeeded } from '../lib/toasts';
import { useMinWidth } from '../hooks/use-min-width';
import { TOAST_WIDE, TOAST_WIDE_MIN_WIDTH_PX, toastPhone } from './layout-metrics';
import { cssVariablesResolver, theme, toastColors } from './theme';

const Toaster = lazy(async () => ({ default: (await loadToasts()).Toaster }));

export function AppProviders({ children }: { children: ReactNode }) {
  // Mounted with the first toast (sonner is not part of the login page's JavaScript).
  const toasterNeeded = useToasterNeeded();
  const clearancePx = useToastClearancePx();
  const toasts = useMinWidth(TOAST_WIDE_MIN_WIDTH_PX) ? TOAST_WIDE : toastPhone(clearancePx);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {children}
        {toasterNeeded && (
          <Suspense fallback={null}>
            <Toaster
          position={toasts.position}
          richColors
          closeButton
          theme="light"
          visibleToasts={3}
          duration={4000}
          offset={toasts.offset}
          mobileOffset={toasts.offset}
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
