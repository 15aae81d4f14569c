import { argon2, randomBytes, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const argon2Async = promisify(argon2);

// OWASP's recommended minimum for argon2id: 19 MiB of memory, 2 passes, 1 lane.
export const ARGON2_PARAMETERS = {
  memory: 19_456,
  passes: 2,
  parallelism: 1,
  tagLength: 32,
} as const;

/** Hashes a password with argon2id into a PHC string ($argon2id$v=19$m=…,t=…,p=…$salt$hash). */
export async function hashPassword(password: string): Promise<string> {
  const nonce = randomBytes(16);
  const tag = await argon2Async("argon2id", { message: password, nonce, ...ARGON2_PARAMETERS });
  const { memory, passes, parallelism } = ARGON2_PARAMETERS;
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${b64(nonce)}$${b64(tag)}`;
}

/** Checks a password against a PHC string, with the parameters stored in it. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const match = hash.match(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w+/]+)\$([\w+/]+)$/);
  const [, memory, passes, parallelism, salt, expected] = match ?? [];
  if (!salt || !expected) return false;
  const expectedTag = Buffer.from(expected, "base64");
  const tag = await argon2Async("argon2id", {
    message: password,
    nonce: Buffer.from(salt, "base64"),
    memory: Number(memory),
    passes: Number(passes),
    parallelism: Number(parallelism),
    tagLength: expectedTag.length,
  });
  return tag.length === expectedTag.length && timingSafeEqual(tag, expectedTag);
}

/** True when a stored hash uses weaker parameters than today's and should be re-hashed. */
export function needsRehash(hash: string): boolean {
  const match = hash.match(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/);
  if (!match) return true;
  return (
    Number(match[1]) < ARGON2_PARAMETERS.memory ||
    Number(match[2]) < ARGON2_PARAMETERS.passes ||
    Number(match[3]) < ARGON2_PARAMETERS.parallelism
  );
}

function b64(buffer: Buffer): string {
  return buffer.toString("base64").replace(/=+$/, "");
}
