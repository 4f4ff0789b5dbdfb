/** The route's path with its parameters filled in, each URI-encoded. */
export function pathOf(route: { path: string }, params?: Record<string, string>): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${route.path}: missing parameter ${name}`);
    return encodeURIComponent(value);
  });
}
