import { messages, type Patient } from '@consultorio/shared';
import { Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback, useDisclosure } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { selectPatient } from '../../../lib/selected-patient';
import { patientQueryKey } from '../api/get-patient';
import { usePatientList } from '../api/list-patients';
import { useLatch } from '../../../hooks/use-latch';
import { PatientCard } from '../components/patient-card';
import { CARD_GRID_COLUMNS, useCardGridSteps, useProgressiveCount } from '../../../lib/progressive-count';
import { DrawnCard } from '../../../components/drawn-card';

// The panels' forms (and the schemas they validate with) load when one is first opened.
const NewPatientPanel = lazy(async () => ({ default: (await import('../components/new-patient-panel')).NewPatientPanel }));
const EditPatientPanel = lazy(async () => ({ default: (await import('../components/edit-patient-panel')).EditPatientPanel }));

const SEARCH_DEBOUNCE_MS = 250;
export const PATIENT_SEARCH_PARAM = 'q';

/**
 * The search lives in the address (?q=) so that it survives a reload and the back button.
 * The box follows what is typed at once; the address, and so the list, 250 ms later.
 */
function usePatientSearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = (searchParams.get(PATIENT_SEARCH_PARAM) ?? '').trim();
  const [text, setText] = useState(query);
  const [appliedQuery, setAppliedQuery] = useState(query);
  const [seenQuery, setSeenQuery] = useState(query);

  // The address changed without typing (a link to /patients, back, forward): show it in the box.
  if (query !== seenQuery) {
    setSeenQuery(query);
    if (query !== appliedQuery) {
      setAppliedQuery(query);
      setText(query);
    }
  }

  const applyText = useDebouncedCallback((value: string) => {
    const next = value.trim();
    setAppliedQuery(next);
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next === '') updated.delete(PATIENT_SEARCH_PARAM);
        else updated.set(PATIENT_SEARCH_PARAM, next);
        return updated;
      },
      { replace: true },
    );
  }, SEARCH_DEBOUNCE_MS);

  const changeText = (value: string) => {
    setText(value);
    applyText(value);
  };

  return { text, query, changeText, applyNow: applyText.flush };
}

/**
 * Gives `announce` the patients of the list not given before for the same search: a page loaded
 * with 'Carregar mais' gives its own, a list drawn again after an edit gives none.
 */
function useAnnounceNewPatients(patients: readonly Patient[], query: string, announce: ((patients: readonly Patient[]) => void) | undefined) {
  const announced = useRef({ query, ids: new Set<string>() });
  useEffect(() => {
    if (!announce) return;
    if (announced.current.query !== query) announced.current = { query, ids: new Set() };
    const { ids } = announced.current;
    const fresh = patients.filter((patient) => !ids.has(patient.id));
    for (const patient of fresh) ids.add(patient.id);
    if (fresh.length > 0) announce(fresh);
  }, [patients, query, announce]);
}

interface PatientsPageProps {
  /** What another feature shows on each card (the app's route module passes the agenda's summary). */
  renderCardDetails?: (patient: Patient) => ReactNode;
  /**
   * Called with the list's patients as its pages come (those not given before for the same
   * search), after the first cards are drawn and before the rest are, a few at a time: what the
   * cards' details need can be asked for in one call for them all.
   */
  onPatientsShown?: (patients: readonly Patient[]) => void;
}

export function PatientsPage({ renderCardDetails, onPatientsShown }: PatientsPageProps = {}) {
  const queryClient = useQueryClient();
  const search = usePatientSearch();
  const list = usePatientList(search.query);
  const [isCreating, newPanel] = useDisclosure(false);
  const newPanelMounted = useLatch(isCreating);
  const [isEditing, editPanel] = useDisclosure(false);
  // Kept after the panel closes so that it can slide out with its content.
  const [editedPatient, setEditedPatient] = useState<Patient | null>(null);

  // The cards are drawn in the background (interruptible), not in one long task when the list arrives.
  const shownData = useDeferredValue(list.data);
  const patients = useMemo(() => shownData?.pages.flatMap((page) => page.patients) ?? [], [shownData]);
  useAnnounceNewPatients(patients, search.query, onPatientsShown);
  const drawnCount = useProgressiveCount(patients.length, useCardGridSteps());
  const areAllCardsDrawn = drawnCount === patients.length;
  const total = shownData?.pages[0]?.total;
  const isLoading = list.isPending || (list.data !== undefined && shownData === undefined);

  const openArea = (patient: Patient) => {
    // The area's page finds the patient in the cache instead of waiting for it.
    queryClient.setQueryData(patientQueryKey(patient.id), patient);
    selectPatient(patient);
  };

  const editPatient = (patient: Patient) => {
    setEditedPatient(patient);
    editPanel.open();
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{messages.patients.title}</Title>
        <Button leftSection={<IconPlus size={18} />} onClick={newPanel.open}>
          {messages.patients.newPatient}
        </Button>
      </Group>

      <TextInput
        type="search"
        aria-label={messages.patients.searchLabel}
        placeholder={messages.patients.searchPlaceholder}
        leftSection={<IconSearch size={16} />}
        rightSection={list.isFetching && !list.isFetchingNextPage ? <Loader size="xs" /> : null}
        value={search.text}
        onChange={(event) => search.changeText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') search.applyNow();
        }}
      />

      {isLoading ? (
        <Center py="xl" role="status" aria-label={messages.app.loading}>
          <Loader />
        </Center>
      ) : list.isError && patients.length === 0 ? (
        <Paper p="lg">
          <Text c="dimmed">{messages.requestErrors.generic}</Text>
        </Paper>
      ) : patients.length === 0 ? (
        <Paper p="lg">
          <Text c="dimmed">{messages.patients.empty}</Text>
          {/* Nothing searched: the professional has no patient yet. */}
          {search.query === '' && (
            <Text size="sm" c="dimmed">
              {messages.patients.emptyHint}
            </Text>
          )}
        </Paper>
      ) : (
        <>
          {total !== undefined && (
            <Text size="sm" c="dimmed" role="status">
              {messages.patients.count(total)}
            </Text>
          )}
          <SimpleGrid cols={CARD_GRID_COLUMNS}>
            {patients.slice(0, drawnCount).map((patient) => (
              <DrawnCard
                key={patient.id}
                item={patient}
                renderCard={(shown: Patient) => <PatientCard patient={shown} onSelect={openArea} onEdit={editPatient} details={renderCardDetails?.(shown)} />}
              />
            ))}
          </SimpleGrid>
          {/* Under the first page once its cards are drawn (it does not move down as they come); then
              kept while later pages are drawn, so that the focus stays on it after a click. */}
          {list.hasNextPage && (areAllCardsDrawn || (shownData?.pages.length ?? 0) > 1) && (
            <Center>
              <Button
                variant="default"
                onClick={() => void list.fetchNextPage()}
                loading={list.isFetchingNextPage}
              >
                {messages.patients.loadMore}
              </Button>
            </Center>
          )}
        </>
      )}

      <Suspense fallback={null}>
        {newPanelMounted && <NewPatientPanel opened={isCreating} onClose={newPanel.close} />}
        {editedPatient && <EditPatientPanel patient={editedPatient} opened={isEditing} onClose={editPanel.close} />}
      </Suspense>
    </Stack>
  );
}
