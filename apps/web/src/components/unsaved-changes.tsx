import { messages } from '@consultorio/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';

/**
 * One mechanism for every modal form and side panel of the app: a form tells its modal whether
 * it holds typed data not yet saved (`useUnsavedChanges`), and every way of closing it (the
 * close button, Escape, a click outside, its own 'Fechar' through `useGuardedClose`) asks
 * before that data is lost. A save closes the modal directly: nothing is lost then.
 */
interface UnsavedChangesGuard {
  report: (key: string, isDirty: boolean) => void;
  requestClose: (close: () => void) => void;
}

const UnsavedChangesContext = createContext<UnsavedChangesGuard | null>(null);

/** Tells the enclosing modal or panel whether this form holds typed data not yet saved. */
export function useUnsavedChanges(isDirty: boolean): void {
  const guard = useContext(UnsavedChangesContext);
  const key = useId();
  useEffect(() => {
    guard?.report(key, isDirty);
  }, [guard, key, isDirty]);
  useEffect(() => () => guard?.report(key, false), [guard, key]);
}

/** A close for a form's own 'Fechar' or 'Cancelar': it asks first when typed data would be lost. */
export function useGuardedClose(close: () => void): () => void {
  const guard = useContext(UnsavedChangesContext);
  return () => (guard ? guard.requestClose(close) : close());
}

/**
 * The state of a modal or panel that asks before closing over unsaved data: `isDirty` for a
 * form kept by the modal's own component, besides what the forms inside report.
 */
export function useCloseGuard(opened: boolean, isDirty: boolean) {
  const dirtyKeys = useRef(new Set<string>());
  const isDirtyRef = useRef(isDirty);
  useEffect(() => {
    isDirtyRef.current = isDirty;
  }, [isDirty]);
  const [pendingClose, setPendingClose] = useState<(() => void) | null>(null);

  // A closed modal asks nothing of its next opening.
  if (!opened && pendingClose !== null) setPendingClose(null);

  const requestClose = useCallback((close: () => void) => {
    if (isDirtyRef.current || dirtyKeys.current.size > 0) setPendingClose(() => close);
    else close();
  }, []);
  const guard = useMemo<UnsavedChangesGuard>(
    () => ({
      report: (key, dirty) => {
        if (dirty) dirtyKeys.current.add(key);
        else dirtyKeys.current.delete(key);
      },
      requestClose,
    }),
    [requestClose],
  );

  return {
    guard,
    /** The modal's own close (its button, Escape, a click outside): while the question is asked, it means 'Continuar editando'. */
    dismiss: (close: () => void) => (pendingClose === null ? requestClose(close) : setPendingClose(null)),
    isAsking: pendingClose !== null,
    keepEditing: () => setPendingClose(null),
    discard: () => {
      const close = pendingClose;
      setPendingClose(null);
      close?.();
    },
  };
}

interface GuardedContentProps {
  guard: ReturnType<typeof useCloseGuard>;
  children: ReactNode;
}

/**
 * A modal's or panel's content under its guard: while the question is asked the form stays
 * mounted (hidden), so 'Continuar editando' finds everything as it was typed.
 */
export function GuardedContent({ guard, children }: GuardedContentProps) {
  return (
    <UnsavedChangesContext.Provider value={guard.guard}>
      <div style={guard.isAsking ? { display: 'none' } : undefined}>{children}</div>
      {guard.isAsking && <DiscardQuestion onKeepEditing={guard.keepEditing} onDiscard={guard.discard} />}
    </UnsavedChangesContext.Provider>
  );
}

/** 'Descartar as alterações?', announced, with the focus on 'Continuar editando' (Escape does the same). */
function DiscardQuestion({ onKeepEditing, onDiscard }: { onKeepEditing: () => void; onDiscard: () => void }) {
  const keepEditing = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useEffect(() => keepEditing.current?.focus(), []);
  return (
    <Stack role="group" aria-labelledby={titleId}>
      <div role="alert">
        <Text id={titleId} fw={600}>
          {messages.unsavedChanges.title}
        </Text>
        <Text size="sm">{messages.unsavedChanges.text}</Text>
      </div>
      <Group justify="flex-end">
        <Button ref={keepEditing} variant="default" onClick={onKeepEditing}>
          {messages.unsavedChanges.keepEditing}
        </Button>
        <Button color="red" onClick={onDiscard}>
          {messages.unsavedChanges.discard}
        </Button>
      </Group>
    </Stack>
  );
}
