import type { Database } from '../db/client';
import type { users } from '../db/schema';

/** A valid session as the database answered it: its limits, its last use and its user's row. */
export interface FoundSession {
  id: string;
  user: typeof users.$inferSelect;
  expiresAt: Date;
  absoluteExpiresAt: Date;
  lastUsedAt: Date;
}

/**
 * The channel the database notifies on when a session is deleted or a user row changes, with
 * the user's id as payload (the triggers of migration 0016_session_notify).
 */
export const SESSION_CHANGES_CHANNEL = 'session_changes';

interface Entry {
  found: FoundSession;
  /** When the lookup that read it started: the entry is as old as that. */
  readAt: number;
}

export interface SessionCacheOptions {
  /** How long a looked-up session is reused without asking the database again; 0: never. */
  ttlMs: number;
  /** Beyond this many entries, the expired ones are dropped (all of them when none are). */
  maxEntries?: number;
  /** Milliseconds from a monotonic origin (performance.now by default). */
  now?: () => number;
}

/**
 * Sessions looked up in the last `ttlMs`, by token hash, so that a burst of reads costs one query.
 * Entries are dropped at once when this instance ends a session or changes a user, and when the
 * database notifies that another instance did (`followSessionChanges`); the TTL bounds how long
 * a missed or late notification can keep one. A lookup started before an eviction of its token
 * or user never stores its (possibly stale) answer. Until notifications are being received, and
 * whenever their connection is lost, nothing is cached.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** The cached token hashes of each user. */
  private readonly tokensOfUser = new Map<string, Set<string>>();
  /** The eviction sequence number of each token (`t:`) and user (`u:`) evicted since `floor`. */
  private readonly evicted = new Map<string, number>();
  private sequence = 0;
  /** Lookups started before this sequence number may not store their answers. */
  private floor = 0;
  private listening = false;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: SessionCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? (() => performance.now());
  }

  /** Whether entries are kept at all: a TTL above 0 and notifications being received. */
  get active(): boolean {
    return this.ttlMs > 0 && this.listening;
  }

  get(tokenHash: string): FoundSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    const age = this.now() - entry.readAt;
    if (age >= 0 && age < this.ttlMs) return entry.found;
    this.remove(tokenHash);
    return undefined;
  }

  /** Taken before a database lookup and given back to `put` with its answer. */
  ticket(): { sequence: number; readAt: number } {
    return { sequence: this.sequence, readAt: this.now() };
  }

  put(tokenHash: string, found: FoundSession, ticket: { sequence: number; readAt: number }): void {
    if (!this.active || ticket.sequence < this.floor) return;
    const evictedSince = (key: string) => (this.evicted.get(key) ?? -1) > ticket.sequence;
    if (evictedSince(`t:${tokenHash}`) || evictedSince(`u:${found.user.id}`)) return;
    if (this.entries.size >= this.maxEntries) this.prune();
    this.remove(tokenHash);
    this.entries.set(tokenHash, { found, readAt: ticket.readAt });
    const tokens = this.tokensOfUser.get(found.user.id) ?? new Set<string>();
    tokens.add(tokenHash);
    this.tokensOfUser.set(found.user.id, tokens);
  }

  /**
   * Sets a cached session's limits and last use after this instance wrote them. Only those: the
   * entry may meanwhile hold a newer read of the user than the caller's, which it keeps (and its age).
   */
  refresh(tokenHash: string, use: Pick<FoundSession, 'expiresAt' | 'lastUsedAt'>): void {
    const entry = this.entries.get(tokenHash);
    if (entry) this.entries.set(tokenHash, { found: { ...entry.found, expiresAt: use.expiresAt, lastUsedAt: use.lastUsedAt }, readAt: entry.readAt });
  }

  forgetSession(tokenHash: string): void {
    this.remove(tokenHash);
    this.markEvicted(`t:${tokenHash}`);
  }

  forgetUser(userId: string): void {
    for (const tokenHash of this.tokensOfUser.get(userId) ?? []) this.entries.delete(tokenHash);
    this.tokensOfUser.delete(userId);
    this.markEvicted(`u:${userId}`);
  }

  /** Drops everything, and every lookup under way may not store its answer. */
  forgetAll(): void {
    this.entries.clear();
    this.tokensOfUser.clear();
    this.evicted.clear();
    this.sequence += 1;
    this.floor = this.sequence;
  }

  /** Notifications are received (true) or their connection was lost (false): either way what was kept may be stale. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.forgetAll();
  }

  private markEvicted(key: string): void {
    this.sequence += 1;
    if (this.evicted.size >= this.maxEntries) {
      this.evicted.clear();
      this.floor = this.sequence;
    }
    this.evicted.set(key, this.sequence);
  }

  private remove(tokenHash: string): void {
    const entry = this.entries.get(tokenHash);
    if (!entry) return;
    this.entries.delete(tokenHash);
    const tokens = this.tokensOfUser.get(entry.found.user.id);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.tokensOfUser.delete(entry.found.user.id);
  }

  private prune(): void {
    const now = this.now();
    for (const [tokenHash, entry] of this.entries) if (!(now - entry.readAt < this.ttlMs)) this.remove(tokenHash);
    if (this.entries.size >= this.maxEntries) {
      this.entries.clear();
      this.tokensOfUser.clear();
    }
  }
}

/**
 * Keeps `cache` in step with the database's session notifications (from every instance on the
 * same database, this one included); answers a function that stops. With a TTL of 0 nothing is
 * cached and nothing is listened to.
 */
export async function followSessionChanges(cache: SessionCache, database: Pick<Database, 'listen'>, ttlMs: number): Promise<() => Promise<void>> {
  if (ttlMs <= 0) return async () => undefined;
  const stop = await database.listen(SESSION_CHANGES_CHANNEL, {
    onNotification: (userId) => cache.forgetUser(userId),
    onListening: () => cache.setListening(true),
    onLost: () => cache.setListening(false),
  });
  return async () => {
    cache.setListening(false);
    await stop();
  };
}
