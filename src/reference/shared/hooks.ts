/**
 * Hook points: the named places where a business could choose differently or break. A handler
 * computes the conformant value and passes it through its hook; a fault or a variation plugs a
 * function into one or more hooks, and nothing else. Adding one touches no handler.
 *
 * Each module declares its hook points as an interface of `Hook` types (`CartHooks`); the records
 * of its faults and variations plug into them by name.
 */

/** A hook: the conformant value and what the handler knows in, the value served out. */
export type Hook<V, C = undefined> = (value: V, context: C) => V;

// biome-ignore lint/suspicious/noExplicitAny: each hook point states its own value and context types
type AnyHook = Hook<any, any>;
type ValueOf<F> = F extends Hook<infer V, infer _C> ? V : never;
type ContextOf<F> = F extends Hook<infer _V, infer C> ? C : never;

/** What one fault or variation plugs in: a function for each hook it acts at. */
export type Plugs<H> = { readonly [K in keyof H]?: H[K] };

/** The hooks of one business: for each hook point, the plugs of the faults and variations on, in order. */
export class Hooks<H> {
  private readonly at = new Map<PropertyKey, AnyHook[]>();

  /**
   * Plugs apply in the order given. The server gives the variations first and the faults after,
   * so where a fault and a variation act at the same point, the fault has the last word.
   */
  constructor(plugs: readonly Plugs<H>[] = []) {
    for (const plug of plugs) {
      for (const [name, fn] of Object.entries(plug) as [string, AnyHook][]) {
        const list = this.at.get(name) ?? [];
        list.push(fn);
        this.at.set(name, list);
      }
    }
  }

  /** The value served at a hook point: the conformant value through every plug on it. */
  run<K extends keyof H>(name: K, value: ValueOf<H[K]>, ...context: ContextArgs<H[K]>): ValueOf<H[K]> {
    let out = value;
    for (const fn of this.at.get(name) ?? []) out = fn(out, context[0]);
    return out;
  }

  /**
   * Whether anything is plugged at a hook point: for a handler whose conformant value costs work
   * that a plug would throw away, or that must happen only when nothing is plugged.
   */
  plugged(name: keyof H): boolean {
    return this.at.has(name);
  }
}

/** A hook without a context is run without one. */
type ContextArgs<F> = ContextOf<F> extends undefined ? [context?: undefined] : [context: ContextOf<F>];
