import { Box, Center, Container, Stack } from '@mantine/core';
import { Outlet } from 'react-router';
import { AppLogo } from '../../components/app-logo';

export function PublicLayout() {
  return (
    <Box component="main" bg="gray.0" mih="100vh">
      <Container size={460} py={48}>
        <Stack gap="lg">
          <Center>
            <AppLogo size="xl" />
          </Center>
          <Outlet />
        </Stack>
      </Container>
    </Box>
  );
}
