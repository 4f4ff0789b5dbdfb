/**
 * `load` (a chunk's import) run once for every caller; one that failed is run again by the next
 * caller, so that a chunk which did not come (a lost connection) is asked for again when wanted.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
