/**
 * The unpacked size of a ZIP file (an XLSX workbook is one), read from its central directory
 * without inflating anything: an upload limited to 2 MB can still unpack to gigabytes (a "zip
 * bomb"), and the spreadsheet reader would inflate it all into memory. Hand-written: it reads
 * three fixed-layout records, and the ZIP libraries on hand are exceljs's own dependencies, not
 * ours, and inflate as they read. Null when the central directory cannot be found or uses ZIP64
 * (sizes past 4 GB), which no spreadsheet a planner imports needs.
 */
export function unpackedZipSize(bytes: Buffer): number | null {
  const END_OF_DIRECTORY = 0x06054b50;
  const DIRECTORY_ENTRY = 0x02014b50;
  // The end record is 22 bytes plus a comment of at most 65,535 bytes, at the end of the file.
  const earliest = Math.max(0, bytes.length - 22 - 65_535);
  let end = -1;
  for (let at = bytes.length - 22; at >= earliest; at -= 1) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let total = 0;
  for (let index = 0; index < entries; index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
    const size = bytes.readUInt32LE(at + 24);
    if (size === 0xffffffff) return null;
    total += size;
    at +=
      46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return total;
}
