import '../patient-styles.css';
import { Box, Center, Container, Stack } from '@mantine/core';
import { Outlet } from 'react-router';
import { AppLogo } from '../../components/app-logo';

/**
 * The frame of the patient's public pages (the form, an appointment's link): the public pages' look, wider for a questionnaire,
 * no top bar. A lazy chunk, like the form itself, with the Mantine styles of the patient's pages
 * (radios, selects, text areas) that the login page does not need.
 */
export function PublicFormLayout() {
  return (
    <Box component="main" bg="gray.0" mih="100vh">
      <Container size="md" py={32}>
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
