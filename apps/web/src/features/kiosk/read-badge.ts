/*
 * Reading a QR badge from a camera frame: the browser's own BarcodeDetector where it has one
 * (Chrome on Android and ChromeOS, Safari 17+), otherwise jsQR, loaded only when first needed.
 */

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

export type BadgeReader = (
  video: HTMLVideoElement,
  canvas: HTMLCanvasElement,
) => Promise<string | null>;

async function nativeReader(): Promise<BadgeReader | null> {
  const Detector = (
    globalThis as {
      BarcodeDetector?: BarcodeDetectorConstructor & {
        getSupportedFormats?: () => Promise<string[]>;
      };
    }
  ).BarcodeDetector;
  if (!Detector) return null;
  const formats = (await Detector.getSupportedFormats?.()) ?? [];
  if (!formats.includes('qr_code')) return null;
  const detector = new Detector({ formats: ['qr_code'] });
  return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
}

async function scriptReader(): Promise<BadgeReader> {
  const { default: jsQR } = await import('jsqr');
  return async (video, canvas) => {
    const { videoWidth: width, videoHeight: height } = video;
    if (width === 0 || height === 0) return null;
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(video, 0, 0, width, height);
    const frame = context.getImageData(0, 0, width, height);
    return jsQR(frame.data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/** The best reader this browser offers. */
export async function createBadgeReader(): Promise<BadgeReader> {
  return (await nativeReader()) ?? scriptReader();
}

/** A badge holds only an employee number: anything longer or with control characters is not one. */
export function readEmployeeNumber(value: string | null): string | null {
  const number = value?.trim() ?? '';
  return number.length > 0 && number.length <= 64 && !/\p{Cc}/u.test(number) ? number : null;
}
