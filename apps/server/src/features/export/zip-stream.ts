import { deflateRawSync } from "node:zlib";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

// A zip written as it goes: entries are compressed on push, and the bytes they make wait in a
// queue until the export's generator hands them on (`drain`). The generator drains after each
// small step and is only resumed when the reply stream wants more, so the queue never holds more
// than one step's output and the export's memory stays flat whatever the account's size.

/** Deflate level of text entries: fflate's default, a fair trade of speed and size. */
const DEFLATE_LEVEL = 6;

/** Text is gathered into pieces this large before it is compressed (fewer, larger pushes). */
const TEXT_PIECE_BYTES = 64 * 1024;

const encoder = new TextEncoder();

/**
 * A small entry deflated at once by Node's zlib (fflate's subclassing hook). A fflate
 * `ZipDeflate` sets up streaming tables per entry: for 1 KB `.md` files 0.16 ms of CPU each,
 * against 0.03 ms for zlib's one-shot deflate (measured on 3,000 files).
 */
class WholeDeflatedFile extends ZipPassThrough {
  constructor(filename: string) {
    super(filename);
    this.compression = 8;
  }

  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    this.ondata(null, deflateRawSync(chunk, { level: DEFLATE_LEVEL }), final);
  }
}

/** A compressed entry being written; text is buffered into pieces before it is compressed. */
export interface ZipTextEntry {
  write(text: string): void;
  end(): void;
}

export class ZipStream {
  private readonly zip: Zip;
  private queue: Uint8Array[] = [];
  private failure: Error | null = null;
  /** The time stamped on every entry (the export's time, epoch ms). */
  private readonly mtime: number;

  // A plain field, not a parameter property: Node runs the sources as they are (type stripping)
  // in tests that start a server process of their own.
  constructor(mtime: number) {
    this.mtime = mtime;
    this.zip = new Zip((error, chunk) => {
      if (error) this.failure = error;
      else this.queue.push(chunk);
    });
  }

  /** Starts a deflated entry for text (JSON, Markdown). Entries are written one after another. */
  text(name: string): ZipTextEntry {
    const file = new ZipDeflate(name, { level: DEFLATE_LEVEL });
    file.mtime = this.mtime;
    this.zip.add(file);
    let pending: string[] = [];
    let pendingLength = 0;
    const flush = (final: boolean) => {
      file.push(encoder.encode(pending.join("")), final);
      pending = [];
      pendingLength = 0;
    };
    return {
      write: (text) => {
        pending.push(text);
        pendingLength += text.length;
        if (pendingLength >= TEXT_PIECE_BYTES) flush(false);
      },
      end: () => flush(true),
    };
  }

  /** A whole small text entry, deflated in one go. */
  textFile(name: string, text: string): void {
    const file = new WholeDeflatedFile(name);
    file.mtime = this.mtime;
    this.zip.add(file);
    file.push(encoder.encode(text), true);
  }

  /** An entry stored as is: images (PNG, JPEG, GIF, WebP) are compressed already. */
  stored(name: string, bytes: Uint8Array): void {
    const file = new ZipPassThrough(name);
    file.mtime = this.mtime;
    this.zip.add(file);
    file.push(bytes, true);
  }

  /** Writes the central directory: the zip is complete once drained. */
  end(): void {
    this.zip.end();
  }

  /** Takes the bytes made so far. @throws the compressor's error, should it have failed */
  drain(): Uint8Array[] {
    if (this.failure) throw this.failure;
    const chunks = this.queue;
    this.queue = [];
    return chunks;
  }
}
