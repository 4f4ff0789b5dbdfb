import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';

export interface EditedItem<T> {
  /** The last item opened; kept after the modal closes so that it can fade out with its content. */
  item: T | null;
  isEditing: boolean;
  edit: (item: T) => void;
  close: () => void;
}

/** Which item an edit modal shows, and whether it is open. */
export function useEditedItem<T>(): EditedItem<T> {
  const [isEditing, modal] = useDisclosure(false);
  const [item, setItem] = useState<T | null>(null);
  const edit = (next: T) => {
    setItem(next);
    modal.open();
  };
  return { item, isEditing, edit, close: modal.close };
}
