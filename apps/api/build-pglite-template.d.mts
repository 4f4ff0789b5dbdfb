// Types of build-pglite-template.mjs, for the TypeScript tests that import it.

/** Copies the empty-cluster template to `target`, making it first when this PGlite version has none cached. */
export function buildPgliteTemplate(target: string): Promise<void>;
