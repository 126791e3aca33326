// qrcode ships no types (and @types/qrcode is not installed): the one call made of it.
declare module 'qrcode' {
  interface ToStringOptions {
    type: 'svg' | 'utf8' | 'terminal';
    errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
    margin?: number;
  }
  const QRCode: { toString(text: string, options: ToStringOptions): Promise<string> };
  export default QRCode;
}
