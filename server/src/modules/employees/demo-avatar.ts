import { crc32, deflateSync } from 'node:zlib';

/** A small PNG avatar for demo data: a coloured square with a lighter disc (no image library needed). */
export function demoAvatarPng(rgb: [number, number, number], size = 64): Buffer {
  const rows: Buffer[] = [];
  const light = rgb.map((c) => Math.round(c + (255 - c) * 0.55)) as [number, number, number];
  const centre = (size - 1) / 2;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const inHead = (x - centre) ** 2 + (y - size * 0.38) ** 2 < (size * 0.2) ** 2;
      const inBody = (x - centre) ** 2 + (y - size * 1.0) ** 2 < (size * 0.42) ** 2;
      row.set(inHead || inBody ? light : rgb, 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
