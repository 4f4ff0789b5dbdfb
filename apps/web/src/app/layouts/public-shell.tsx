import { Box, Center, Container, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppLogo } from '../../components/app-logo';

/** The frame of the public pages (logo above a narrow column), without the router. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <Box component="main" bg="gray.0" mih="100vh">
      <Container size={460} py={48}>
        <Stack gap="lg">
          <Center>
            <AppLogo size="xl" />
          </Center>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
