import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { unpackedZipSize } from './zip-size.ts';

async function workbookOf(rows: number, text: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet 1');
  for (let row = 0; row < rows; row += 1) sheet.addRow([text, row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('unpackedZipSize', () => {
  it('adds up what a workbook unpacks to, larger than the file itself', async () => {
    const small = await workbookOf(10, 'a');
    const large = await workbookOf(20_000, 'the same words again and again, which compress well');
    const smallSize = unpackedZipSize(small);
    const largeSize = unpackedZipSize(large);
    expect(smallSize).toBeGreaterThan(small.length);
    // Repetitive rows compress tenfold or more: the file says little about the memory it takes.
    expect(largeSize).toBeGreaterThan(10 * large.length);
  });

  it('answers null for what is not a ZIP file', () => {
    expect(unpackedZipSize(Buffer.from('date,time,required\n2026-12-02,09:00,2\n'))).toBeNull();
    expect(unpackedZipSize(Buffer.alloc(0))).toBeNull();
  });
});
