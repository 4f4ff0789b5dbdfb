import type { Tx } from '../db/client';
import type { Context } from './context';

/**
 * A moment a module announces inside its transaction, for a module that builds on it to act on
 * its own tables in the same transaction (a module never calls one that comes after it: see
 * apiModuleOrder). The payload says what happened.
 */
export interface Hook<Payload> {
  readonly name: string;
  /** Never set: carries the payload's type. */
  readonly payload?: Payload;
}

export function defineHook<Payload>(name: string): Hook<Payload> {
  return { name };
}

/** What a subscriber does, in the emitter's transaction: its writes commit or roll back with the emitter's. */
export type HookHandler<Payload> = (ctx: Context, tx: Tx, payload: Payload) => Promise<void>;

/** A module's handler of a hook, as its manifest declares it (`subscribe`). */
export interface HookSubscription {
  readonly hook: Hook<unknown>;
  readonly handler: HookHandler<never>;
}

export function subscribe<Payload>(hook: Hook<Payload>, handler: HookHandler<Payload>): HookSubscription {
  return { hook, handler };
}

/** The app's subscriptions (one registry per app, on its Context: tests run several apps in one process). */
export class Hooks {
  readonly #handlers = new Map<string, Array<(tx: Tx, payload: unknown) => Promise<void>>>();

  /** Adds a subscription; its handler is given `ctx`. */
  add(ctx: Context, subscription: HookSubscription): void {
    const handlers = this.#handlers.get(subscription.hook.name) ?? [];
    handlers.push((tx, payload) => subscription.handler(ctx, tx, payload as never));
    this.#handlers.set(subscription.hook.name, handlers);
  }

  /** Runs every handler of the hook, one after the other, in `tx`; a handler's failure fails the emitter's transaction. */
  async emit<Payload>(hook: Hook<Payload>, tx: Tx, payload: Payload): Promise<void> {
    for (const handler of this.#handlers.get(hook.name) ?? []) await handler(tx, payload);
  }
}
