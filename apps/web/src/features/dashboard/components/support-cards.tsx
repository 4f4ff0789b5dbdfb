import { messages, type SupportContacts } from '@consultorio/shared';
import { Button, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHeadset, IconMail, IconReceipt, IconUserCircle, type Icon } from '@tabler/icons-react';
import { useId } from 'react';
import { useSupportContacts } from '../api/get-support-contacts';
import { mailtoLink } from './mailto';

interface SupportItem {
  key: keyof SupportContacts;
  icon: Icon;
}

const supportItems: readonly SupportItem[] = [
  { key: 'technical', icon: IconHeadset },
  { key: 'account', icon: IconUserCircle },
  { key: 'billing', icon: IconReceipt },
];

interface SupportCardProps {
  item: SupportItem;
  /** Undefined while loading, or when the addresses could not be loaded. */
  address: string | undefined;
  isLoading: boolean;
}

function SupportCard({ item, address, isLoading }: SupportCardProps) {
  const titleId = useId();
  const { title, text } = messages.dashboard.support[item.key];
  const { icon: SupportIcon } = item;
  return (
    <Paper component="section" aria-labelledby={titleId} p="md">
      <Stack gap="sm" h="100%" justify="space-between" align="flex-start">
        <Stack gap="xs">
          <ThemeIcon size="lg" radius="md" variant="light" aria-hidden>
            <SupportIcon size={20} />
          </ThemeIcon>
          <Title id={titleId} order={4}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
          {isLoading ? <Skeleton height={16} width={180} /> : address && <Text size="sm">{address}</Text>}
        </Stack>
        {address ? (
          <Button component="a" href={mailtoLink(address, title)} variant="light" leftSection={<IconMail size={16} />}>
            {messages.dashboard.supportWrite}
          </Button>
        ) : (
          <Button variant="light" leftSection={<IconMail size={16} />} disabled>
            {messages.dashboard.supportWrite}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** The three support contacts, each a ready e-mail whose subject is the card's title. */
export function SupportCards() {
  const contacts = useSupportContacts();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {supportItems.map((item) => (
        <SupportCard key={item.key} item={item} address={contacts.data?.[item.key]} isLoading={contacts.isPending} />
      ))}
    </SimpleGrid>
  );
}
