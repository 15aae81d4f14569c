/** Chunks collected into one before it is passed on, at most (a few TCP segments' worth). */
export const COALESCED_CHUNK_BYTES = 64 * 1024;

/**
 * A response body whose chunks are joined: whatever arrives within one turn of the event loop
 * (or up to `maxBytes`) is passed on as one chunk. React Router's writer flushes the response
 * after every chunk it writes, so that streamed parts reach the browser at once; with
 * compression each flush ends a compressed block, and each chunk written on its own is a
 * compression pass on libuv's thread pool. A page came in about ten chunks, and in brotli that
 * was half of the server's CPU per signed-in page (bench/README.md, 27 November 2026). Parts
 * that arrive later, such as deferred data, still go out as soon as they arrive: a turn of the
 * event loop later at most.
 */
export function coalesceChunks(
  body: ReadableStream<Uint8Array>,
  maxBytes = COALESCED_CHUNK_BYTES,
): ReadableStream<Uint8Array> {
  let pending: Uint8Array[] = [];
  let size = 0;
  let later: NodeJS.Immediate | undefined;
  const passOn = (controller: TransformStreamDefaultController<Uint8Array>) => {
    if (later) clearImmediate(later);
    later = undefined;
    if (size === 0) return;
    const [first] = pending;
    const chunk = first && pending.length === 1 ? first : Buffer.concat(pending, size);
    pending = [];
    size = 0;
    try {
      controller.enqueue(chunk);
    } catch {
      // The reader went away (the client closed the connection) in the meantime.
    }
  };
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        pending.push(chunk);
        size += chunk.byteLength;
        if (size >= maxBytes) passOn(controller);
        else later ??= setImmediate(() => passOn(controller));
      },
      flush(controller) {
        passOn(controller);
      },
    }),
  );
}
