// Counts the parts of a multipart body as it arrives, by its boundary, and stops it once it holds
// more than its form may: a body of many thousands of tiny parts is refused after the first ones
// instead of being parsed whole (the multipart parser's work grows with the parts: 60,000 parts
// cost about a quarter of a second of CPU).

/** The boundary a multipart Content-Type names, or undefined. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return match?.[1] ?? match?.[2];
}

/**
 * `body` passed through unchanged, erroring once it has held more than `maxParts` parts; the
 * returned `exceeded()` says whether that is why it failed. The parts are counted by their
 * delimiters (`--boundary`, which a part's content never holds), one more than the parts with
 * the closing one, across chunk edges too.
 */
export function countParts(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  maxParts: number,
): { body: ReadableStream<Uint8Array>; exceeded: () => boolean } {
  const delimiter = Buffer.from(`--${boundary}`);
  const keep = delimiter.length - 1;
  let tail = Buffer.alloc(0);
  let delimiters = 0;
  let exceeded = false;
  /** Delimiters in `bytes`, counted until there are more than the body may hold. */
  const occurrences = (bytes: Buffer) => {
    let found = 0;
    for (let at = bytes.indexOf(delimiter); at >= 0; at = bytes.indexOf(delimiter, at + 1)) {
      found += 1;
      if (delimiters + found - 1 > maxParts) break;
    }
    return found;
  };
  const counted = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        // a delimiter across the edge: neither side alone is long enough to hold one
        delimiters += occurrences(Buffer.concat([tail, bytes.subarray(0, keep)]));
        delimiters += occurrences(bytes);
        tail = Buffer.concat([tail, bytes.subarray(Math.max(0, bytes.length - keep))]).subarray(
          -keep,
        );
        if (delimiters - 1 > maxParts) {
          exceeded = true;
          controller.error(new Error(`multipart body of more than ${maxParts} parts`));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  return { body: counted, exceeded: () => exceeded };
}
