import { parseJson } from '../protocol/json-text.js';
/**
 * The one place secrets are removed, where output is written: reports/redaction.ts runs every
 * result, report, curl line and replay script through it. The run itself judges what was sent.
 */
export const REDACTED = '[REDACTED]';

/** Header names whose values are always secret. */
const SECRET_HEADERS = ['authorization', 'proxy-authorization', 'x-api-key', 'cookie', 'set-cookie'];
/** JSON members whose values are secret wherever they appear. */
const SECRET_MEMBERS = new Set(['access_token', 'refresh_token', 'client_secret', 'password']);
/** Shorter values are too likely to occur by chance to be replaced as text; headers still hide them. */
const MIN_LITERAL = 4;
/** The userinfo of a URL (RFC 3986 §3.2.1), after its scheme and before its host. */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@'"<>]+@/gi;

export class Redactor {
  private readonly headerNames: Set<string>;
  /** The header names the config sets: every secret such a header carries is a configured one. */
  private readonly configuredNames: Set<string>;
  private readonly literals = new Set<string>();
  /** Every configured secret, short ones too: a request header holding one is never shown. */
  private readonly configured = new Set<string>();
  /** The environment variable a replay reads each named credential from. */
  private readonly variables = new Map<string, string>();

  constructor(
    opts: {
      secretHeaders?: string[];
      secrets?: string[];
      /** Credentials by the variable a replay reads them from (`X_API_KEY`, `FORBIDDEN_X_API_KEY`). */
      named?: Record<string, string>;
    } = {},
  ) {
    this.configuredNames = new Set((opts.secretHeaders ?? []).map((h) => h.toLowerCase()));
    this.headerNames = new Set([...SECRET_HEADERS, ...this.configuredNames]);
    for (const s of opts.secrets ?? []) this.learnConfigured(s);
    for (const [variable, value] of Object.entries(opts.named ?? {})) {
      this.learnConfigured(value);
      // The credential after an auth scheme (`Bearer …`) is what the variable holds; the scheme stays written.
      // One value under two names (both platforms given one key): the first, the config's own headers, names it.
      const secret = credentialOf(value) ?? value;
      if (!this.variables.has(secret)) this.variables.set(secret, variable);
    }
  }

  private learnConfigured(value: string): void {
    if (value.length === 0) return;
    this.configured.add(value);
    this.learn(value);
    const credential = credentialOf(value);
    if (credential) {
      this.configured.add(credential);
      this.learn(credential);
    }
  }

  /** Remember a secret value so it is hidden wherever it turns up later, responses included. */
  learn(value: string): void {
    if (value.length < MIN_LITERAL) return;
    this.literals.add(value);
    const escaped = JSON.stringify(value).slice(1, -1);
    if (escaped !== value) this.literals.add(escaped);
  }

  /**
   * Headers for output, secret ones hidden whole (their value learned, in case a body echoes it).
   * One the run sent (`sent`) under a name the config sets hides only the configured secrets it
   * holds: the invalid credential a check sends on purpose is what a reader must see to send it
   * again, and no other secret can be in it.
   */
  headers(headers: Record<string, string>, sent = false): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase();
      if (!this.headerNames.has(lower)) out[name] = this.text(value);
      else if (sent && this.configuredNames.has(lower))
        out[name] = this.holdsConfigured(value) && this.text(value) === value ? REDACTED : this.text(value);
      else {
        this.learn(value);
        const credential = credentialOf(value);
        if (credential) this.learn(credential);
        out[name] = REDACTED;
      }
    }
    return out;
  }

  private holdsConfigured(value: string): boolean {
    for (const secret of this.configured) if (value.includes(secret)) return true;
    return false;
  }

  /** The variable standing for the named credential `value` holds, and where it stands; the longest wins. */
  secretIn(value: string): { at: number; length: number; variable: string } | undefined {
    let found: { at: number; length: number; variable: string } | undefined;
    for (const [secret, variable] of this.variables) {
      const at = value.indexOf(secret);
      if (at >= 0 && (!found || secret.length > found.length)) found = { at, length: secret.length, variable };
    }
    return found;
  }

  /**
   * A body or URL: learns secrets carried in JSON (payment credential tokens), then hides every
   * known one, and the user and password of any URL (`https://user:pw@host`).
   */
  text(text: string): string {
    this.learnFromJson(text);
    return this.hide(text);
  }

  /** Text whose secrets were learned already (`learnFromJson`): only hidden, not read again. */
  hide(text: string): string {
    let out = text;
    // Most texts carry no secret: looked for before anything is copied.
    for (const secret of this.literals) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out.includes('@') ? out.replace(USERINFO, `$1${REDACTED}@`) : out;
  }

  /** Learns the secrets a body carries in JSON (payment credential tokens). */
  learnFromJson(text: string): void {
    const first = text.trimStart()[0];
    if (first !== '{' && first !== '[') return;
    // Not JSON (or too deep to walk): literal replacement still applies.
    const json = parseJson(text);
    if (json !== undefined) this.walk(json, false);
  }

  private walk(node: unknown, inCredential: boolean): void {
    if (Array.isArray(node)) {
      for (const n of node) this.walk(n, inCredential);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      const secret = SECRET_MEMBERS.has(key) || (inCredential && key === 'token');
      if (secret && typeof value === 'string') this.learn(value);
      else this.walk(value, key === 'credential');
    }
  }
}

/** The credential after an auth scheme (`Bearer abc` gives `abc`), if the value has a scheme. */
function credentialOf(value: string): string | undefined {
  return /^\S+\s+(\S.*)$/.exec(value)?.[1];
}
