/**
 * Reads a ZIP that stores its entries (client-zip never compresses): the central directory at
 * the end names each entry, its size and where its local header is. Enough for tests; ZIP64
 * sizes are read from the extra field when the 32-bit ones are saturated.
 */
export function readZip(bytes: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = bytes.length - 22;
  while (eocd >= 0 && view.getUint32(eocd, true) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error('not a ZIP: no end of central directory');
  let count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  if (at === 0xffffffff || count === 0xffff) {
    // ZIP64 end of central directory, found through its locator right before the EOCD
    const record = Number(view.getBigUint64(eocd - 20 + 8, true));
    count = Number(view.getBigUint64(record + 32, true));
    at = Number(view.getBigUint64(record + 48, true));
  }
  const files = new Map<string, Uint8Array>();
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error(`bad central directory entry ${i}`);
    const method = view.getUint16(at + 10, true);
    let size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    let offset = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (size === 0xffffffff || offset === 0xffffffff) {
      let e = at + 46 + nameLength;
      const end = e + extraLength;
      while (e < end) {
        const id = view.getUint16(e, true);
        const length = view.getUint16(e + 2, true);
        if (id === 0x0001) {
          let p = e + 4;
          if (view.getUint32(at + 24, true) === 0xffffffff) p += 8; // uncompressed size
          if (size === 0xffffffff) ((size = Number(view.getBigUint64(p, true))), (p += 8));
          if (offset === 0xffffffff) offset = Number(view.getBigUint64(p, true));
        }
        e += 4 + length;
      }
    }
    if (method !== 0) throw new Error(`${name}: compressed (method ${method}), expected stored`);
    if (view.getUint32(offset, true) !== 0x04034b50) throw new Error(`${name}: bad local header`);
    const dataAt = offset + 30 + view.getUint16(offset + 26, true) + view.getUint16(offset + 28, true);
    files.set(name, bytes.slice(dataAt, dataAt + size));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}
