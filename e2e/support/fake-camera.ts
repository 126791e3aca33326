import { writeFileSync } from 'node:fs';
import { create } from 'qrcode';

/**
 * A video file showing one QR code, for Chromium's fake camera
 * (--use-file-for-fake-video-capture): YUV4MPEG2, 4:2:0, the code black on white and centred.
 */
export function writeQrVideo(file: string, text: string): void {
  const width = 320;
  const height = 240;
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const scale = Math.floor(200 / (modules.size + 2 * quiet));
  const side = (modules.size + 2 * quiet) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);

  const luma = Buffer.alloc(width * height, 255);
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      for (let dy = 0; dy < scale; dy += 1) {
        const y = top + (row + quiet) * scale + dy;
        const x = left + (column + quiet) * scale;
        luma.fill(0, y * width + x, y * width + x + scale);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}
