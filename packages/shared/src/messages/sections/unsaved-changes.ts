/** What a modal form or side panel asks before what was typed in it is lost. */
export const unsavedChanges = {
  title: 'Descartar as alterações?',
  text: 'O que você digitou ainda não foi salvo e será perdido.',
  keepEditing: 'Continuar editando',
  discard: 'Descartar alterações',
} as const;
