export const confirmDelete = {
  title: 'Confirmar exclusão',
} as const;
