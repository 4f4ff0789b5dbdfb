/** The route's path with its parameters filled in, each URI-encoded. */
export function pathOf(route: { path: string }, params?: Record<string, string>): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${route.path}: missing parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** A query value as the URL carries it; undefined for one not given (absent, null or empty). */
function queryValueOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * The route's URL: its path with the parameters filled in, then the query's given, non-empty
 * values. The web app calls the API with it, and the server names the answers it writes into a
 * page's HTML with it (the two must spell a URL the same way).
 */
export function urlOf(route: { path: string }, input: { params?: unknown; query?: unknown }): string {
  const path = pathOf(route, input.params as Record<string, string> | undefined);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    const text = queryValueOf(value);
    if (text !== undefined) query.set(name, text);
  }
  const search = query.toString();
  return search === '' ? path : `${path}?${search}`;
}
