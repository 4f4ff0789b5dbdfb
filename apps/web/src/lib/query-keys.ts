/**
 * Cache keys read by one feature and invalidated by another. Features do not import each
 * other, so such keys live here; keys used by one feature stay in its `api/` files.
 */
export const userStatsQueryKey = ['users', 'me', 'stats'] as const;
