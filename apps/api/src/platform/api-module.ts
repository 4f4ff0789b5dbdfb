import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { Context } from './context';
import type { ErrorDefinitions } from './errors';
import type { HookSubscription } from './hooks';
import type { RoutesPlugin } from './routes';

/** The error codes a module answers with (its `errors`, from its `<m>.errors.ts`). */
export type ModuleErrors = ErrorDefinitions;

/**
 * Everything `buildApp` registers of a module, declared once in `modules/<m>/<m>.module.ts` and
 * listed in `modules/index.ts` (docs/architecture.md, 'Where a new feature goes').
 */
export interface ApiModule {
  /** The module's folder under `modules/`. */
  readonly name: string;
  /** Its routes behind the session scope (401 without a valid session, before the body is read). */
  readonly routes?: (ctx: Context) => RoutesPlugin;
  /** Its routes that answer without a session (registration, a patient's link, a webhook). */
  readonly publicRoutes?: (ctx: Context) => RoutesPlugin;
  /** Defines its kinds of background jobs (`ctx.jobs.define`); workers start once the app is ready. */
  readonly jobs?: (ctx: Context) => void;
  /** Starts its timers once the app is ready; answers how to stop them, which runs before the app closes. */
  readonly timers?: (ctx: Context) => () => void;
  /** Removes its expired rows (the app's `purgeExpired`, run every hour). */
  readonly purge?: (ctx: Context) => Promise<void>;
  /** Its handlers of what earlier modules announce in their transactions (`platform/hooks.ts`). */
  readonly hooks?: readonly HookSubscription[];
  /**
   * Starts what it runs beside its routes on this instance, before any route is registered (e.g. a
   * relay between instances that listens on the database); answers how to stop it, which runs
   * before the app closes, and what must end as soon as a shutdown begins.
   */
  readonly start?: (ctx: Context, database: Pick<Database, 'listen'>) => Promise<ModuleRuntime>;
  /** Frees what it holds outside the database (a worker pool) when the app closes. */
  readonly close?: () => Promise<void>;
  /**
   * The failures it answers with, by code (`<m>.errors.ts`, `defineErrors`): a code is declared
   * once in the whole API (`registerErrors` refuses a second owner); the generic ones are the
   * platform's (`platformErrors`).
   */
  readonly errors?: ModuleErrors;
  /** Its tables (`<m>.tables.ts`): only its repository inserts, updates or deletes their rows. */
  readonly tables: Readonly<Record<string, PgTable>>;
}

/** What a module's `start` left running. */
export interface ModuleRuntime {
  stop: () => Promise<void>;
  /** Ends its long-lived streams when a shutdown begins (their clients reconnect to another instance). */
  endStreams?: () => void;
}
