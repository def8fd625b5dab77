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
  private readonly literals = new Set<string>();

  constructor(opts: { secretHeaders?: string[]; secrets?: string[] } = {}) {
    this.headerNames = new Set([...SECRET_HEADERS, ...(opts.secretHeaders ?? [])].map((h) => h.toLowerCase()));
    for (const s of opts.secrets ?? []) this.learn(s);
  }

  /** Remember a secret value so it is hidden wherever it turns up later, responses included. */
  learn(value: string): void {
    if (value.length < MIN_LITERAL) return;
    this.literals.add(value);
    const escaped = JSON.stringify(value).slice(1, -1);
    if (escaped !== value) this.literals.add(escaped);
  }

  headers(headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (this.headerNames.has(name.toLowerCase())) {
        // Remember the value, and the credential after an auth scheme, in case a body echoes it.
        this.learn(value);
        const credential = /^\S+\s+(\S.*)$/.exec(value)?.[1];
        if (credential) this.learn(credential);
        out[name] = REDACTED;
      } else {
        out[name] = this.text(value);
      }
    }
    return out;
  }

  /**
   * A body or URL: learns secrets carried in JSON (payment credential tokens), then hides every
   * known one, and the user and password of any URL (`https://user:pw@host`).
   */
  text(text: string): string {
    this.learnFromJson(text);
    let out = text;
    for (const secret of this.literals) out = out.split(secret).join(REDACTED);
    return out.replace(USERINFO, `$1${REDACTED}@`);
  }

  private learnFromJson(text: string): void {
    const first = text.trimStart()[0];
    if (first !== '{' && first !== '[') return;
    try {
      this.walk(JSON.parse(text), false);
    } catch {
      // Not JSON: literal replacement still applies.
    }
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
