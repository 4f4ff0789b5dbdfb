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
