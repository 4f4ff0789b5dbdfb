import { messages } from '@consultorio/shared';
import { Center, Loader } from '@mantine/core';

interface PageLoaderProps {
  /** What is loading, for assistive technology ('Carregando…' by default). */
  label?: string;
  /** The room it keeps, in pixels, where what loads will take exactly that room (60% of the screen by default). */
  heightPx?: number;
}

export function PageLoader({ label = messages.app.loading, heightPx }: PageLoaderProps = {}) {
  return (
    <Center mih={heightPx ?? '60vh'} h={heightPx} role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}
