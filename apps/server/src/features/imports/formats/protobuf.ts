// A minimal protocol-buffers reader: varints and length-delimited fields, the two wire types
// Anki's package metadata, media map and deck kinds use. No library: three tiny messages are
// read, a generated decoder would add a build step and a dependency for them, and a damaged
// message must become one clear error, which this decoder gives.

/** One field of a message: its number and either a varint or the bytes of a length-delimited value. */
export type ProtoField =
  | { field: number; wire: "varint"; value: bigint }
  | { field: number; wire: "bytes"; value: Uint8Array };

/** Thrown for bytes that are not a well-formed message of the supported wire types. */
export class ProtobufError extends Error {}

function readVarint(bytes: Uint8Array, start: number): [bigint, number] {
  let result = 0n;
  let shift = 0n;
  let at = start;
  for (;;) {
    if (at >= bytes.length) throw new ProtobufError("truncated varint");
    const byte = bytes[at++] as number;
    result |= BigInt(byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return [result, at];
    shift += 7n;
    if (shift > 63n) throw new ProtobufError("varint too long");
  }
}

/**
 * The top-level fields of a message, in order. Fixed 32/64-bit fields are skipped (none of the
 * messages read here uses them); groups and unknown wire types are refused.
 *
 * @throws ProtobufError for truncated or malformed bytes
 */
export function decodeProtoFields(bytes: Uint8Array): ProtoField[] {
  const fields: ProtoField[] = [];
  let at = 0;
  while (at < bytes.length) {
    const [key, afterKey] = readVarint(bytes, at);
    const field = Number(key >> 3n);
    const wireType = Number(key & 7n);
    if (field === 0) throw new ProtobufError("field number 0");
    at = afterKey;
    if (wireType === 0) {
      const [value, next] = readVarint(bytes, at);
      fields.push({ field, wire: "varint", value });
      at = next;
    } else if (wireType === 2) {
      const [length, next] = readVarint(bytes, at);
      const end = next + Number(length);
      if (end > bytes.length) throw new ProtobufError("truncated length-delimited field");
      fields.push({ field, wire: "bytes", value: bytes.subarray(next, end) });
      at = end;
    } else if (wireType === 1 || wireType === 5) {
      at += wireType === 1 ? 8 : 4;
      if (at > bytes.length) throw new ProtobufError("truncated fixed field");
    } else {
      throw new ProtobufError(`unsupported wire type ${wireType}`);
    }
  }
  return fields;
}
