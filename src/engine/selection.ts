import type { Level } from '../register/types.js';
import type { CheckSpec } from './check.js';

/** What `--only` and `--skip` patterns are matched against, for one check. */
export interface Selectable {
  check: CheckSpec;
  level: Level;
  /** The suite's ID and its capability, dialect-free and as the target names it. */
  names: readonly string[];
}

/** The message of a check `--only` or `--skip` left out. */
export const LEFT_OUT_BY_SELECTION = 'left out by --only/--skip';

/**
 * Which checks a run judges: those matching an `--only` pattern (all, without one) and no `--skip`
 * pattern. A pattern is matched, whole and ignoring case, against the check's ID, its requirement
 * IDs, its level, its suite and its capability; `*` stands for any run of characters, `?` for one.
 */
export function selection(only: readonly string[], skip: readonly string[]): (s: Selectable) => boolean {
  const onlyRes = only.map(glob);
  const skipRes = skip.map(glob);
  return (s) => {
    const names = [s.check.id, ...s.check.requirements, s.level, ...s.names];
    const hit = (res: RegExp[]) => res.some((re) => names.some((n) => re.test(n)));
    return (onlyRes.length === 0 || hit(onlyRes)) && !hit(skipRes);
  };
}

function glob(pattern: string): RegExp {
  const source = pattern
    .split('')
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, 'i');
}
