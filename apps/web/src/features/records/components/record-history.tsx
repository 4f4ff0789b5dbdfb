import { messages, type RecordVersionSummary } from '@consultorio/shared';
import { Box, Button, Drawer, Group, Loader, NavLink, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { formatDateTime } from '../../../lib/format';
import { useRecordVersion } from '../api/get-record-version';
import { useRecordVersions } from '../api/list-record-versions';

interface RecordHistoryProps {
  recordId: string;
  opened: boolean;
  timeZone: string;
  /** Null for a finalized record: its versions are read, not restored. */
  onRestore: ((versionId: string) => Promise<boolean>) | null;
  onClose: () => void;
}

function versionTitle(version: RecordVersionSummary, timeZone: string): string {
  return `${messages.records.versionLabel(version.version)} — ${formatDateTime(version.createdAt, timeZone)}`;
}

/** 'Histórico': the content's versions, newest first; one shown read-only, and restored on request. */
export function RecordHistory({ recordId, opened, timeZone, onRestore, onClose }: RecordHistoryProps) {
  const versions = useRecordVersions(recordId, opened);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const [isRestoring, setRestoring] = useState(false);
  const chosen = useRecordVersion(recordId, chosenId);
  const list = versions.data ?? [];

  const restore = async () => {
    if (!onRestore || chosenId === null) return;
    setRestoring(true);
    const restored = await onRestore(chosenId);
    setRestoring(false);
    setConfirming(false);
    if (restored) onClose();
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={messages.records.historyTitle}
      position="right"
      size="xl"
     
    >
      {versions.isPending ? (
        <Loader size="sm" aria-label={messages.app.loading} />
      ) : list.length === 0 ? (
        <Text c="dimmed">{messages.records.historyEmpty}</Text>
      ) : (
        <Stack>
          <nav aria-label={messages.records.versions}>
            <ScrollArea.Autosize mah={240}>
              {list.map((version) => (
                <NavLink
                  key={version.id}
                  component="button"
                  label={versionTitle(version, timeZone)}
                  description={messages.records.versionKinds[version.kind]}
                  active={version.id === chosenId}
                  aria-current={version.id === chosenId ? 'true' : undefined}
                  onClick={() => setChosenId(version.id)}
                />
              ))}
            </ScrollArea.Autosize>
          </nav>
          {chosenId === null ? (
            <Text c="dimmed">{messages.records.chooseVersion}</Text>
          ) : chosen.data ? (
            <Stack>
              <Group justify="space-between">
                <Title order={4}>{versionTitle(chosen.data, timeZone)}</Title>
                {onRestore && (
                  <Button size="xs" onClick={() => setConfirming(true)}>
                    {messages.records.restoreVersion}
                  </Button>
                )}
              </Group>
              <Box
                className="ql-editor record-version-content"
                role="document"
                aria-label={messages.records.versionContent(chosen.data.version)}
                // The server keeps only the editor's own formats in a record's content.
                dangerouslySetInnerHTML={{ __html: chosen.data.content }}
              />
            </Stack>
          ) : (
            <Loader size="sm" aria-label={messages.app.loading} />
          )}
        </Stack>
      )}
      <ConfirmModal
        opened={isConfirming}
        title={messages.records.restoreConfirmTitle}
        text={messages.records.restoreConfirmText}
        confirmLabel={messages.records.restoreVersion}
        isBusy={isRestoring}
        onConfirm={() => void restore()}
        onClose={() => setConfirming(false)}
      />
    </Drawer>
  );
}
