// People's photos for misc/photo: small avatars (a head-and-shoulders silhouette on a coloured
// background) encoded as real baseline JPEGs, so the portal's `data:image/jpeg;base64,…` shows
// them. There are a handful of templates (background colour × silhouette); a person's profile says
// which one is theirs. The bytes are a pure function of the template, computed once and cached.

/** Avatar edge in pixels (a multiple of 8: whole 8×8 blocks, no padding). */
const PHOTO_SIZE = 64;

type Rgb = readonly [number, number, number];

/** Muted background colours; a person's `photo` index picks one. */
export const photoBackgrounds: readonly Rgb[] = [
  [52, 101, 164],
  [78, 154, 6],
  [117, 80, 123],
  [193, 125, 17],
  [32, 128, 128],
  [164, 0, 60],
  [85, 87, 83],
  [204, 102, 51],
];
const skin: Rgb = [236, 200, 170];
const shirts: readonly Rgb[] = [
  [240, 240, 240],
  [40, 48, 64],
];
const hair: Rgb = [58, 40, 30];

export interface PhotoTemplate {
  /** Index into photoBackgrounds. */
  background: number;
  /** Longer hair for women. */
  longHair: boolean;
}

// ---- the picture -----------------------------------------------------------------------------

/** What covers the point (x, y) of the unit square: shirt, hair, face or background. */
function sample(x: number, y: number, longHair: boolean): 'shirt' | 'hair' | 'face' | null {
  const dx = x - 0.5;
  // shoulders: the upper half of an ellipse at the bottom
  if (y > 0.7 && (dx / 0.42) ** 2 + ((y - 1.05) / 0.36) ** 2 <= 1) return 'shirt';
  const fx = dx / 0.17;
  const fy = (y - 0.42) / 0.21;
  const inFace = fx * fx + fy * fy <= 1;
  // hair: a larger ellipse behind the face, showing above it (and beside it, for long hair)
  const hx = dx / (longHair ? 0.22 : 0.19);
  const hy = (y - (longHair ? 0.46 : 0.37)) / (longHair ? 0.3 : 0.21);
  const besideFace = longHair && !inFace && (y < 0.5 || Math.abs(dx) > 0.12);
  const inHair = hx * hx + hy * hy <= 1 && (y < 0.3 || besideFace);
  if (inHair) return 'hair';
  if (inFace) return 'face';
  return null;
}

/** RGB pixels, row by row, with 4×4 supersampling for smooth edges. */
function renderAvatar({ background, longHair }: PhotoTemplate, size = PHOTO_SIZE) {
  const bg = photoBackgrounds[background % photoBackgrounds.length] ?? [128, 128, 128];
  const shirt = shirts[background % shirts.length] ?? [240, 240, 240];
  const colours = { shirt, hair, face: skin };
  const pixels = new Uint8Array(size * size * 3);
  const n = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const what = sample((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size, longHair);
          const colour = what ? colours[what] : bg;
          for (let k = 0; k < 3; k++) sum[k] = (sum[k] ?? 0) + (colour[k] ?? 0);
        }
      }
      for (let k = 0; k < 3; k++) {
        pixels[(py * size + px) * 3 + k] = Math.round((sum[k] ?? 0) / (n * n));
      }
    }
  }
  return pixels;
}

// ---- a minimal baseline JPEG encoder ------------------------------------------------------------
// YCbCr, no subsampling, one interleaved scan. The Huffman tables are simple fixed-length ones
// (every DC category a 4-bit code, every AC symbol an 8-bit code): valid baseline tables that any
// decoder reads, at a small cost in size that does not matter for a 64×64 picture.

/** Natural index of the k-th coefficient in zigzag order. */
const ZIGZAG: readonly number[] = (() => {
  const order: number[] = [];
  for (let s = 0; s < 15; s++) {
    const rows: number[] = [];
    for (let r = Math.max(0, s - 7); r <= Math.min(s, 7); r++) rows.push(r);
    if (s % 2 === 0) rows.reverse();
    for (const r of rows) order.push(r * 8 + (s - r));
  }
  return order;
})();

// Annex K tables at about quality 75 (halved), in natural order.
const LUMA_Q = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56,
  14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113,
  92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
].map((q) => Math.max(1, Math.round(q / 2)));
const CHROMA_Q = [
  17,
  18,
  24,
  47,
  99,
  99,
  99,
  99,
  18,
  21,
  26,
  66,
  99,
  99,
  99,
  99,
  24,
  26,
  56,
  99,
  99,
  99,
  99,
  99,
  47,
  66,
  99,
  99,
  99,
  99,
  99,
  99,
  ...Array<number>(32).fill(99),
].map((q) => Math.max(1, Math.round(q / 2)));

const DC_SYMBOLS = Array.from({ length: 12 }, (_, i) => i);
// EOB, ZRL, and (run, size) for every run 0…15 and size 1…10: the 162 baseline AC symbols.
const AC_SYMBOLS = [
  0x00,
  0xf0,
  ...Array.from({ length: 16 }, (_, run) =>
    Array.from({ length: 10 }, (_, size) => (run << 4) | (size + 1)),
  ).flat(),
];
const DC_CODE_LENGTH = 4;
const AC_CODE_LENGTH = 8;
const codesOf = (symbols: number[]) => new Map(symbols.map((symbol, i) => [symbol, i]));
const DC_CODES = codesOf(DC_SYMBOLS);
const AC_CODES = codesOf(AC_SYMBOLS);

const COS = Array.from({ length: 64 }, (_, i) => {
  const x = Math.floor(i / 8);
  const u = i % 8;
  return Math.cos(((2 * x + 1) * u * Math.PI) / 16);
});
const C = (u: number) => (u === 0 ? Math.SQRT1_2 : 1);

class BitWriter {
  readonly bytes: number[] = [];
  #acc = 0;
  #count = 0;

  write(value: number, length: number) {
    for (let i = length - 1; i >= 0; i--) {
      this.#acc = (this.#acc << 1) | ((value >> i) & 1);
      this.#count += 1;
      if (this.#count === 8) this.#flushByte();
    }
  }

  #flushByte() {
    this.bytes.push(this.#acc);
    if (this.#acc === 0xff) this.bytes.push(0x00); // byte stuffing
    this.#acc = 0;
    this.#count = 0;
  }

  /** Pads the last byte with 1 bits. */
  finish() {
    while (this.#count !== 0) this.write(1, 1);
    return this.bytes;
  }
}

/** JPEG's magnitude category: the bits needed for |value|. */
const bitLength = (value: number) => 32 - Math.clz32(Math.abs(value));
/** The `size` low bits that stand for `value` (negative values as value − 1). */
const magnitudeBits = (value: number, size: number) =>
  value >= 0 ? value : value + (1 << size) - 1;

/** Forward DCT and quantisation of one 8×8 block; the result is in zigzag order. */
function transform(block: Float64Array, quant: readonly number[]) {
  const out = new Array<number>(64);
  for (let k = 0; k < 64; k++) {
    const natural = ZIGZAG[k] ?? 0;
    const v = Math.floor(natural / 8);
    const u = natural % 8;
    let sum = 0;
    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 8; x++) {
        sum += (block[y * 8 + x] ?? 0) * (COS[x * 8 + u] ?? 0) * (COS[y * 8 + v] ?? 0);
      }
    }
    out[k] = Math.round((0.25 * C(u) * C(v) * sum) / (quant[natural] ?? 1));
  }
  return out;
}

function encodeBlock(writer: BitWriter, coefficients: number[], previousDc: number) {
  const dc = coefficients[0] ?? 0;
  const diff = dc - previousDc;
  const dcSize = bitLength(diff);
  writer.write(DC_CODES.get(dcSize) ?? 0, DC_CODE_LENGTH);
  if (dcSize > 0) writer.write(magnitudeBits(diff, dcSize), dcSize);
  let run = 0;
  for (let k = 1; k < 64; k++) {
    const value = coefficients[k] ?? 0;
    if (value === 0) {
      run += 1;
      continue;
    }
    while (run > 15) {
      writer.write(AC_CODES.get(0xf0) ?? 0, AC_CODE_LENGTH);
      run -= 16;
    }
    const size = bitLength(value);
    writer.write(AC_CODES.get((run << 4) | size) ?? 0, AC_CODE_LENGTH);
    writer.write(magnitudeBits(value, size), size);
    run = 0;
  }
  if (run > 0) writer.write(AC_CODES.get(0x00) ?? 0, AC_CODE_LENGTH);
  return dc;
}

const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const segment = (marker: number, body: number[]) => [
  0xff,
  marker,
  ...u16(body.length + 2),
  ...body,
];

function huffmanTable(tableClass: 0 | 1, id: number, symbols: number[], codeLength: number) {
  const counts = Array<number>(16).fill(0);
  counts[codeLength - 1] = symbols.length;
  return [(tableClass << 4) | id, ...counts, ...symbols];
}

/** A baseline JFIF JPEG of `pixels` (RGB, row by row, width × height multiples of 8). */
export function encodeJpeg(pixels: Uint8Array, width: number, height: number): Uint8Array {
  // level-shifted Y, Cb, Cr (JFIF conversion)
  const luma = new Float64Array(width * height);
  const blue = new Float64Array(width * height);
  const red = new Float64Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const r = pixels[i * 3] ?? 0;
    const g = pixels[i * 3 + 1] ?? 0;
    const b = pixels[i * 3 + 2] ?? 0;
    luma[i] = 0.299 * r + 0.587 * g + 0.114 * b - 128;
    blue[i] = -0.168736 * r - 0.331264 * g + 0.5 * b;
    red[i] = 0.5 * r - 0.418688 * g - 0.081312 * b;
  }
  const planes = [luma, blue, red] as const;
  const writer = new BitWriter();
  const previous = [0, 0, 0];
  const block = new Float64Array(64);
  for (let by = 0; by < height; by += 8) {
    for (let bx = 0; bx < width; bx += 8) {
      for (let component = 0; component < 3; component++) {
        const plane = planes[component] ?? luma;
        for (let y = 0; y < 8; y++) {
          for (let x = 0; x < 8; x++) block[y * 8 + x] = plane[(by + y) * width + bx + x] ?? 0;
        }
        const coefficients = transform(block, component === 0 ? LUMA_Q : CHROMA_Q);
        previous[component] = encodeBlock(writer, coefficients, previous[component] ?? 0);
      }
    }
  }
  const zigzagged = (q: readonly number[]) => ZIGZAG.map((natural) => q[natural] ?? 1);
  const bytes = [
    0xff,
    0xd8, // SOI
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]), // JFIF 1.01
    ...segment(0xdb, [0, ...zigzagged(LUMA_Q), 1, ...zigzagged(CHROMA_Q)]),
    ...segment(0xc0, [8, ...u16(height), ...u16(width), 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1]),
    ...segment(0xc4, [
      ...huffmanTable(0, 0, DC_SYMBOLS, DC_CODE_LENGTH),
      ...huffmanTable(1, 0, AC_SYMBOLS, AC_CODE_LENGTH),
    ]),
    ...segment(0xda, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]),
    ...writer.finish(),
    0xff,
    0xd9, // EOI
  ];
  return Uint8Array.from(bytes);
}

const cache = new Map<string, readonly number[]>();

/** The template's JPEG bytes (computed once per process). */
export function avatarJpeg(template: PhotoTemplate): readonly number[] {
  const key = `${template.background}:${template.longHair}`;
  let bytes = cache.get(key);
  if (!bytes) {
    bytes = Array.from(encodeJpeg(renderAvatar(template), PHOTO_SIZE, PHOTO_SIZE));
    cache.set(key, bytes);
  }
  return bytes;
}
