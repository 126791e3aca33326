import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { createBadgeReader, readEmployeeNumber } from './read-badge';

const FRAME_INTERVAL_MS = 200;

/**
 * The camera, looking for a QR badge until it finds one (or the person cancels). The stream is
 * stopped as soon as this closes: a kiosk's camera is never left on.
 */
export function BadgeScanner({
  onRead,
  onCancel,
}: {
  onRead: (employeeNumber: string) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [hasNoCamera, setHasNoCamera] = useState(false);
  const problem = hasNoCamera
    ? t`No camera can be used here. Type your employee number instead.`
    : undefined;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let isClosed = false;
    const start = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'user' },
          audio: false,
        });
      } catch {
        setHasNoCamera(true);
        return;
      }
      const video = videoRef.current;
      const canvas = canvasRef.current;
      if (isClosed || !video || !canvas) return;
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      const read = await createBadgeReader();
      const look = async () => {
        if (isClosed) return;
        const number = readEmployeeNumber(await read(video, canvas).catch(() => null));
        if (number && !isClosed) return onRead(number);
        timer = window.setTimeout(() => void look(), FRAME_INTERVAL_MS);
      };
      void look();
    };
    void start();
    return () => {
      isClosed = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onRead]);

  return (
    <div className="grid gap-2 rounded-lg border p-3">
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" role="status">
            <Trans>Hold your badge up to the camera.</Trans>
          </p>
          {/* Muted, inline and captionless: a live camera preview has no sound or speech. */}
          <video
            ref={videoRef}
            className="aspect-video w-full rounded-md bg-black object-cover"
            muted
            playsInline
            aria-label={t`Camera preview`}
          />
        </>
      )}
      <canvas ref={canvasRef} hidden />
      <Button variant="outline" onClick={onCancel}>
        {problem ? t`Close` : t`Cancel scan`}
      </Button>
    </div>
  );
}
