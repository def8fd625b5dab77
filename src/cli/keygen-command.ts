import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROTO_DIALECT } from '../dialect/dialect.js';
import { EXIT } from '../report/exit-code.js';
import { platformProfileDocument } from '../platform/profile-server.js';
import { generateSigningKey } from '../platform/signing-key.js';
import { PROTOCOL_VERSION } from '../protocol/version.js';
import { UsageError } from '../errors.js';

/**
 * `keygen`: a platform signing key (private JWK, kid = RFC 7638 thumbprint, readable by its owner
 * only) and a platform profile publishing its public half, to host at /.well-known/proto.
 */
export async function keygen(
  opts: { out: string; curve: string; force?: boolean },
  out: (s: string) => void,
): Promise<number> {
  if (opts.curve !== 'Ed25519' && opts.curve !== 'P-256')
    throw new UsageError(`--curve ${opts.curve}: expected Ed25519 or P-256`);
  const key = generateSigningKey(opts.curve);
  const keyFile = join(opts.out, 'platform-signing-key.json');
  const profileFile = join(opts.out, 'platform-profile.json');
  // A key replaced by mistake cannot be got back, and the profile hosted with it stops verifying.
  for (const file of [keyFile, profileFile]) {
    if (!opts.force && existsSync(file))
      throw new UsageError(`${file} exists; keygen replaces it only with --force (the old key is lost)`);
  }
  try {
    await mkdir(opts.out, { recursive: true });
    await writeFile(keyFile, `${JSON.stringify(key.private, null, 2)}\n`, { mode: 0o600 });
    await writeFile(
      profileFile,
      `${JSON.stringify(platformProfileDocument(PROTO_DIALECT, PROTOCOL_VERSION, [key.public]), null, 2)}\n`,
    );
  } catch (err) {
    throw new UsageError(
      `--out ${opts.out}: cannot write there (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
    );
  }
  out(
    [
      `wrote ${keyFile} (private: keep it secret) and ${profileFile}`,
      `kid ${String(key.public.kid)}`,
      `host ${profileFile} at https://<your platform>/.well-known/proto, then run:`,
      `  proto-conformance <business> --agent-profile https://<your platform>/.well-known/proto --signing-key ${keyFile}`,
      '',
    ].join('\n'),
  );
  return EXIT.ok;
}
