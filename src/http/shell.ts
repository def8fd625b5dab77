/**
 * Shell words for the commands the checker writes (curl lines, replay scripts): literal text
 * single-quoted, variables double-quoted, so nothing the business sent is ever run.
 */

/** A piece of a word: text as written, or a shell expression (`"$v1_uri"`, `"$(key)"`). */
export type Part = string | { shell: string };

/** One shell word from its parts. */
export function word(parts: readonly Part[]): string {
  const merged: Part[] = [];
  for (const p of parts) {
    if (p === '') continue;
    const last = merged.at(-1);
    if (typeof p === 'string' && typeof last === 'string') merged[merged.length - 1] = last + p;
    else merged.push(p);
  }
  return merged.map((p) => (typeof p === 'string' ? `'${p.replace(/'/g, `'\\''`)}'` : `"${p.shell}"`)).join('') || "''";
}

/** What a command needs besides the exchange: where secrets and the run's own profile stand. */
export interface ShellContext {
  /**
   * The environment variable standing for a secret the value holds (a credential the config
   * names), and where: the secret's text is never written, the variable is.
   */
  secretIn?(value: string): { at: number; length: number; variable: string } | undefined;
  /**
   * The platform profile URL the run hosted for itself: gone once the run ends, so a replay reads
   * it from a variable, to name one the business can fetch.
   */
  hostedProfile?: string;
}

/** The variable a replay reads a platform profile URL from, in place of the run's own. */
export const PROFILE_VARIABLE = 'PROTO_AGENT_PROFILE';

/** A header value as parts: secrets as variables, the run's own profile URL as one. */
export function headerParts(value: string, context: ShellContext): Part[] {
  const hosted = context.hostedProfile;
  if (hosted && value.includes(hosted)) {
    const [before, ...after] = value.split(hosted);
    return [
      before,
      // The run's URL by default: a business that never fetches the profile is served as the run was.
      { shell: `\${${PROFILE_VARIABLE}:-${hosted}}` },
      ...headerParts(after.join(hosted), context),
    ];
  }
  const secret = context.secretIn?.(value);
  if (!secret) return [value];
  return [
    value.slice(0, secret.at),
    { shell: `\${${secret.variable}:?set ${secret.variable}}` },
    ...headerParts(value.slice(secret.at + secret.length), context),
  ];
}

/** A fresh UUID from the shell, for an Idempotency-Key or Request-Id a replay sends. */
export const FRESH_UUID = '$(cat /proc/sys/kernel/random/uuid 2>/dev/null || uuidgen)';
