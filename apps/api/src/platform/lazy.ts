/**
 * A package loaded on its first use rather than at start: what only some requests or some
 * deployments need (S3, a language model, images, Pix, mail) stays out of the idle server's
 * memory (docs/decisions.md, "Lean embedded default"). `load` must import the package itself:
 * the bundle hoists a bundled file's own imports to start-up, dynamic or not. A load that fails
 * is tried again on the next use rather than failing every use after it.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}
