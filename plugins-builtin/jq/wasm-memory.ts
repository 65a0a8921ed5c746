/**
 * jq-wasm's `jq.wasm` declares its linear memory with a maximum of 4,096 pages (256 MiB), and
 * jq 1.8 needs 4–150 bytes of heap per byte of JSON (docs/design/004-jq-engine.md): the module
 * itself, not jq or the way input is passed, is what aborts at ~30 MB. This rewrites the memory
 * section's limits so the same code may grow up to `maxPages`. Nothing else in the module changes.
 */

const SECTION_MEMORY = 5;
const LIMITS_MIN_ONLY = 0x00;
const LIMITS_MIN_MAX = 0x01;

/**
 * The module with its one memory's maximum raised to `maxPages`, or `undefined` when the bytes
 * are not laid out as expected (then the caller keeps the original module and its limit).
 */
export function raiseMemoryMaximum(wasm: Uint8Array, maxPages: number): Uint8Array | undefined {
  if (!isWasmHeader(wasm)) return undefined;
  let offset = 8;
  while (offset < wasm.length) {
    const sectionStart = offset;
    const id = wasm[offset++];
    const size = readUleb(wasm, offset);
    if (!size) return undefined;
    offset = size.next;
    const bodyStart = offset;
    const bodyEnd = bodyStart + size.value;
    if (bodyEnd > wasm.length) return undefined;
    if (id === SECTION_MEMORY) {
      const body = rewriteMemorySection(wasm.subarray(bodyStart, bodyEnd), maxPages);
      if (!body) return undefined;
      const header = [SECTION_MEMORY, ...writeUleb(body.length)];
      const out = new Uint8Array(sectionStart + header.length + body.length + (wasm.length - bodyEnd));
      out.set(wasm.subarray(0, sectionStart), 0);
      out.set(header, sectionStart);
      out.set(body, sectionStart + header.length);
      out.set(wasm.subarray(bodyEnd), sectionStart + header.length + body.length);
      return out;
    }
    offset = bodyEnd;
  }
  return undefined;
}

/** The declared `{min, max}` of the module's memory, in pages (for tests and diagnostics). */
export function memoryLimits(wasm: Uint8Array): { min: number; max: number | undefined } | undefined {
  if (!isWasmHeader(wasm)) return undefined;
  let offset = 8;
  while (offset < wasm.length) {
    const id = wasm[offset++];
    const size = readUleb(wasm, offset);
    if (!size) return undefined;
    if (id === SECTION_MEMORY) return readLimits(wasm.subarray(size.next, size.next + size.value));
    offset = size.next + size.value;
  }
  return undefined;
}

function rewriteMemorySection(body: Uint8Array, maxPages: number): Uint8Array | undefined {
  const limits = readLimits(body);
  if (!limits || limits.min > maxPages) return undefined;
  return Uint8Array.from([...writeUleb(1), LIMITS_MIN_MAX, ...writeUleb(limits.min), ...writeUleb(maxPages)]);
}

/** One unshared 32-bit memory; anything else (shared, memory64, several) is left alone. */
function readLimits(body: Uint8Array): { min: number; max: number | undefined } | undefined {
  const count = readUleb(body, 0);
  if (!count || count.value !== 1) return undefined;
  const flags = body[count.next];
  if (flags !== LIMITS_MIN_ONLY && flags !== LIMITS_MIN_MAX) return undefined;
  const min = readUleb(body, count.next + 1);
  if (!min) return undefined;
  if (flags === LIMITS_MIN_ONLY) return min.next === body.length ? { min: min.value, max: undefined } : undefined;
  const max = readUleb(body, min.next);
  return max && max.next === body.length ? { min: min.value, max: max.value } : undefined;
}

function isWasmHeader(wasm: Uint8Array): boolean {
  // "\0asm", version 1
  return wasm.length >= 8 && wasm[0] === 0 && wasm[1] === 0x61 && wasm[2] === 0x73 && wasm[3] === 0x6d && wasm[4] === 1 && wasm[5] === 0 && wasm[6] === 0 && wasm[7] === 0;
}

function readUleb(bytes: Uint8Array, offset: number): { value: number; next: number } | undefined {
  let value = 0;
  let scale = 1;
  for (let i = offset; i < bytes.length && i < offset + 5; i++) {
    const byte = bytes[i]!;
    value += (byte & 0x7f) * scale;
    if ((byte & 0x80) === 0) return { value, next: i + 1 };
    scale *= 128;
  }
  return undefined;
}

function writeUleb(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    out.push(byte);
  } while (rest > 0);
  return out;
}
