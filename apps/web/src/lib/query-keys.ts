/**
 * Cache keys read by one feature and invalidated by another. Features do not import each
 * other, so such keys live here; keys used by one feature stay in its `api/` files.
 */
export const userStatsQueryKey = ['users', 'me', 'stats'] as const;

/**
 * Everything about money the finance feature writes (a payment) and others read: the month's
 * summary (the dashboard's 'A receber'), a patient's balance (the patient panel). Every such
 * query key starts with this one, so one invalidation refreshes them all.
 */
export const financeQueryKey = ['finance'] as const;

/** Everything the agenda caches (lists, the dashboard's 'Consultas de hoje', patients' summaries). */
export const agendaQueryKey = ['agenda'] as const;

/**
 * What each kind of change makes stale, whichever feature shows it. A mutation says what it
 * changes in its `meta` (`meta: changes('appointments')`) and the query client reads these
 * queries again after it (lib/query-client.ts), so no hook has to know who else shows the data.
 */
export const staleAfter = {
  /**
   * Booking, moving, cancelling, marking attendance or deleting an appointment: the agenda, and
   * what the sessions owe (the finance page, a patient's balance, the dashboard's 'A receber').
   */
  appointments: [agendaQueryKey, financeQueryKey],
  /** Registering or cancelling a payment: the money, and the sessions' payment status in the agenda. */
  payments: [financeQueryKey, agendaQueryKey],
  /** Adding, changing or deleting a livro-caixa expense: the money figures (the Receita Saúde panel's deductible sum). */
  expenses: [financeQueryKey],
} as const satisfies Record<string, readonly (readonly unknown[])[]>;

export type DataChange = keyof typeof staleAfter;

/** A mutation's `meta` naming what it changes. */
export function changes(change: DataChange) {
  return { changes: change } as const;
}

/**
 * Every patient's form list (forms feature); the chats feature reads it for 'Enviar formulário'.
 * Invalidate this after any change to a form.
 */
export const formListsQueryKey = ['forms', 'list'] as const;

export function formListQueryKey(patientId: string) {
  return [...formListsQueryKey, patientId] as const;
}

/**
 * Every patient's record list (records feature); the chats feature reads it for 'Enviar
 * prontuário' and invalidates it after generating a record from a chat.
 */
export const recordListsQueryKey = ['records', 'list'] as const;

export function recordListQueryKey(patientId: string) {
  return [...recordListsQueryKey, patientId] as const;
}

/**
 * A patient's sessions (appointments that have started, with their notes): the agenda feature
 * lists them with 'Registrar evolução', the documents feature offers the attended ones to a
 * declaration. Under the agenda's own key (['agenda']), so that any change to an appointment
 * refreshes them.
 */
export function patientSessionsQueryKey(patientId: string) {
  return ['agenda', 'sessions', patientId] as const;
}
