import { messages } from '@consultorio/shared';
import { Button, Divider, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { CalendarFeedSection } from '../../features/agenda/components/calendar-feed-section';
import { BookingSettingsSection } from '../../features/booking/components/booking-settings-section';
import { ChangeEmailDialog } from '../../features/users/components/change-email-dialog';
import { ChangePasswordDialog } from '../../features/users/components/change-password-dialog';
import { ProfileForm } from '../../features/users/components/profile-form';
import { SessionsSection } from '../../features/users/components/sessions-section';
import { UserAvatarUpload } from '../../features/users/components/user-avatar-upload';
import { fullName } from '../../lib/format';
import { useCurrentUser } from '../../lib/session';

type AccountDialog = 'changeEmail' | 'changePassword';

/**
 * 'Minha conta', its profile section: the profile and the open sessions (users feature) and the
 * calendar feed (agenda feature). It lives here because features do not import each other. A
 * signed-in professional knows the password and sees the username: recovering either is offered
 * on the login page only.
 */
export function AccountPage() {
  const user = useCurrentUser();
  const [openDialog, setOpenDialog] = useState<AccountDialog | null>(null);
  const closeDialog = () => setOpenDialog(null);

  return (
    <>
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper p="lg">
            <Stack>
              <UserAvatarUpload user={user} />
              <Stack gap={0} align="center" ta="center">
                <Text fw={600}>{fullName(user.firstName, user.lastName)}</Text>
                <Text size="sm" c="dimmed">
                  {user.username}
                </Text>
                <Text size="sm" c="dimmed">
                  {user.email}
                </Text>
              </Stack>
              <Divider />
              <Button variant="default" justify="flex-start" leftSection={<IconLock size={18} />} onClick={() => setOpenDialog('changePassword')}>
                {messages.account.changePassword}
              </Button>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper p="lg">
            <Stack>
              <Title order={3}>{messages.account.profileSection}</Title>
              <ProfileForm user={user} onChangeEmail={() => setOpenDialog('changeEmail')} />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={12}>
          <Paper p="lg">
            <BookingSettingsSection user={user} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={12}>
          <Paper p="lg">
            <CalendarFeedSection />
          </Paper>
        </Grid.Col>
        <Grid.Col span={12}>
          <Paper p="lg">
            <SessionsSection />
          </Paper>
        </Grid.Col>
      </Grid>
      <ChangeEmailDialog opened={openDialog === 'changeEmail'} onClose={closeDialog} />
      <ChangePasswordDialog opened={openDialog === 'changePassword'} onClose={closeDialog} />
    </>
  );
}
