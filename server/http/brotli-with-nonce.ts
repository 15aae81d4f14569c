import zlib from "node:zlib";

/*
 * A kept page in brotli whose CSP nonces are written in per answer (RFC 7932). The page is
 * compressed once, by one encoder, with a stand-in of the nonce's length at each nonce and a
 * flush (BROTLI_OPERATION_FLUSH: the meta-block ends on a byte boundary) before and after each
 * stand-in. The stand-in's own compressed run is thrown away; an answer puts an uncompressed
 * meta-block there instead, holding the real nonce and the two page bytes that follow it.
 * Positions are the same in both, so every distance and static-dictionary reference after it
 * stays right, and so does the literal context (the two bytes before the next literal are
 * the page's own, the same in the encoder and the browser).
 *
 * What could still differ: an encoder that copied within a stand-in would have changed its
 * "last distances", which an uncompressed meta-block leaves alone. Stand-ins are made of bytes
 * the page does not contain, with no pair of bytes twice (so no copy can start in one), but the
 * proof is the check below: every page is decoded once with a nonce that differs from the
 * stand-ins in every byte and compared with the page itself. A page that fails it is not kept
 * in brotli (it goes out in gzip).
 */

/** Page bytes after each nonce that travel with it in the uncompressed meta-block. */
const TAIL = 2;
/** Quality 11 (the best): the page is compressed once, off the main thread, not per answer. */
const QUALITY = 11;
const STORED_HEADER_LENGTH = 3;

export interface BrotliPage {
  /** The compressed runs between the nonces (the last one ends the stream). */
  runs: Buffer[];
  /** The TAIL page bytes after each nonce. */
  tails: Buffer[];
  /** The answer's length in bytes. */
  length: number;
}

/**
 * The page cut at its nonces (`pieces`, as the render cache keeps it) in brotli, or null when
 * it cannot be done for this page: a nonce with less than TAIL bytes after it, too few bytes
 * the page never uses, or the check failed. `withNonce` gives the plain page with a nonce.
 */
export async function brotliPieces(
  pieces: Buffer[],
  nonceLength: number,
  withNonce: (nonce: Buffer) => Buffer,
): Promise<BrotliPage | null> {
  const nonces = pieces.length - 1;
  if (nonceLength < 1 || nonceLength > 0xffff - TAIL) return null;
  if (pieces.slice(1).some((piece) => piece.length < TAIL)) return null;
  const standIns = standInsFor(Buffer.concat(pieces), nonces, nonceLength);
  if (!standIns) return null;

  const total = pieces.reduce((sum, piece) => sum + piece.length, 0) + nonces * nonceLength;
  const encoder = zlib.createBrotliCompress({
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: total,
    },
  });
  const output: Buffer[] = [];
  encoder.on("data", (chunk: Buffer) => output.push(chunk));
  const run = async (input: Buffer, kind: number): Promise<Buffer> => {
    encoder.write(input);
    await new Promise<void>((resolve) => encoder.flush(kind, () => resolve()));
    return Buffer.concat(output.splice(0));
  };
  const runs: Buffer[] = [];
  const tails: Buffer[] = [];
  try {
    for (let index = 0; index < pieces.length; index += 1) {
      const piece = pieces[index] as Buffer;
      const last = index === pieces.length - 1;
      if (index > 0) {
        const tail = piece.subarray(0, TAIL);
        tails.push(Buffer.from(tail));
        // The stand-in's run is dropped: an uncompressed meta-block goes in its place.
        await run(Buffer.concat([standIns[index - 1] as Buffer, tail]), FLUSH);
      }
      const rest = index > 0 ? piece.subarray(TAIL) : piece;
      runs.push(await run(rest, last ? FINISH : FLUSH));
    }
    encoder.end();
  } catch {
    encoder.destroy();
    return null;
  }
  const page: BrotliPage = {
    runs,
    tails,
    length:
      runs.reduce((sum, bytes) => sum + bytes.length, 0) +
      nonces * (STORED_HEADER_LENGTH + nonceLength + TAIL),
  };
  // The proof: a nonce unlike every stand-in byte (a byte the page has) decodes to the page
  // with that nonce.
  const probe = Buffer.alloc(nonceLength, tails[0]?.[0] ?? 0x41);
  try {
    const decoded = zlib.brotliDecompressSync(brotliWithNonce(page, probe));
    return decoded.equals(withNonce(probe)) ? page : null;
  } catch {
    return null;
  }
}

const FLUSH = zlib.constants.BROTLI_OPERATION_FLUSH;
const FINISH = zlib.constants.BROTLI_OPERATION_FINISH;

/** The brotli answer with `nonce` written in (as long as the page's nonces). */
export function brotliWithNonce(page: BrotliPage, nonce: Buffer): Buffer {
  const parts: Buffer[] = [page.runs[0] as Buffer];
  page.tails.forEach((tail, index) => {
    parts.push(storedMetaBlock(nonce.length + tail.length), nonce, tail);
    parts.push(page.runs[index + 1] as Buffer);
  });
  return Buffer.concat(parts, page.length);
}

/**
 * The header of an uncompressed meta-block of `length` bytes (RFC 7932 9.2), bits from the
 * least significant: ISLAST 0, MNIBBLES 0 (four nibbles), MLEN - 1 in 16 bits, ISUNCOMPRESSED
 * 1, then zero bits to the byte boundary: 20 bits in three bytes.
 */
function storedMetaBlock(length: number): Buffer {
  const bits = ((length - 1) << 3) | (1 << 19);
  return Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]);
}

/**
 * One stand-in per nonce, of bytes that occur nowhere in the page: their pairs of neighbouring
 * bytes all differ (consecutive windows of a de Bruijn sequence of order 2), and each ends on
 * a byte of its own, so no copy can begin inside one. Null when the page leaves too few bytes.
 */
function standInsFor(page: Buffer, count: number, length: number): Buffer[] | null {
  if (count === 0) return [];
  const seen = new Uint8Array(256);
  for (const byte of page) seen[byte] = 1;
  const unused: number[] = [];
  for (let byte = 0; byte < 256; byte += 1) if (!seen[byte]) unused.push(byte);
  // `count` bytes to end the stand-ins; the rest make the bodies.
  const endings = unused.slice(0, count);
  const alphabet = unused.slice(count);
  const bodyLength = length - 1;
  if (endings.length < count || alphabet.length < 2) return null;
  const sequence = deBruijnOrder2(alphabet.length);
  if (sequence.length < count * bodyLength) return null;
  return Array.from({ length: count }, (_, index) => {
    const body = sequence.slice(index * bodyLength, (index + 1) * bodyLength);
    return Buffer.from([...body.map((at) => alphabet[at] as number), endings[index] as number]);
  });
}

/** A cyclic sequence over `k` symbols in which every ordered pair occurs once (length k²). */
function deBruijnOrder2(k: number): number[] {
  const sequence: number[] = [];
  const a = new Array<number>(3).fill(0);
  const step = (t: number, p: number) => {
    if (t > 2) {
      if (2 % p === 0) sequence.push(...a.slice(1, p + 1));
      return;
    }
    a[t] = a[t - p] as number;
    step(t + 1, p);
    for (let j = (a[t - p] as number) + 1; j < k; j += 1) {
      a[t] = j;
      step(t + 1, t);
    }
  };
  step(1, 1);
  return sequence;
}

/**
 * The content coding to answer with among brotli, gzip and none, by the request's
 * Accept-Encoding (RFC 9110 12.5.3): the highest weight wins and brotli wins a tie (smaller).
 * No header: none. "identity" stays acceptable unless refused by name or by "*;q=0".
 */
export function chosenEncoding(header: string | undefined): "br" | "gzip" | "identity" {
  return codingByWeight(acceptedCodings(header));
}

/** chosenEncoding's choice from the header's weights (acceptedCodings). */
export function codingByWeight(weights: Map<string, number>): "br" | "gzip" | "identity" {
  const br = weightOf(weights, "br");
  const gzip = weightOf(weights, "gzip");
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";
  return "identity";
}

/** A coding's weight: its own, else that of "*", else 0 (not acceptable). */
export function weightOf(weights: Map<string, number>, coding: string): number {
  return weights.get(coding) ?? weights.get("*") ?? 0;
}

/** The weight (0-1) of each content coding an Accept-Encoding header names, "*" included. */
export function acceptedCodings(header: string | undefined): Map<string, number> {
  const weights = new Map<string, number>();
  for (const entry of header?.split(",") ?? []) {
    const [name = "", ...params] = entry.trim().toLowerCase().split(";");
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split("=");
      if (key === "q") q = Number(value);
    }
    if (Number.isFinite(q)) weights.set(name, Math.min(1, Math.max(0, q)));
  }
  return weights;
}
