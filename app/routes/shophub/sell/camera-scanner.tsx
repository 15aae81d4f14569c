import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useT } from "~/lib/i18n/use-translation";
import { TillDialog } from "./till-dialog";

/** The part of the Barcode Detection API the till uses (not in TypeScript's DOM types yet). */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

const NATIVE_FORMATS = ["ean_13", "ean_8", "upc_a", "upc_e", "code_128", "code_39", "qr_code"];
/** How often a frame is read: enough for a hand-held code, little work for a cheap tablet. */
const FRAME_MS = 200;
/** The same code is taken once, then again only after this pause (one item per showing). */
const REPEAT_MS = 1500;

type Decoder = (video: HTMLVideoElement) => Promise<string | null>;

/**
 * The browser's BarcodeDetector where it exists and reads retail codes; otherwise zxing-wasm,
 * imported only now (its script and WebAssembly are served from our own origin).
 */
async function makeDecoder(): Promise<Decoder> {
  const Native = (
    globalThis as {
      BarcodeDetector?: BarcodeDetectorClass & {
        getSupportedFormats?: () => Promise<string[]>;
      };
    }
  ).BarcodeDetector;
  if (Native) {
    const supported = (await Native.getSupportedFormats?.()) ?? [];
    const formats = NATIVE_FORMATS.filter((format) => supported.includes(format));
    if (formats.includes("ean_13")) {
      const detector = new Native({ formats });
      return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
    }
  }
  const { decodeFrame } = await import("./zxing-decoder");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    return decodeFrame(context.getImageData(0, 0, canvas.width, canvas.height));
  };
}

type CameraState = "starting" | "running" | "denied" | "unavailable";

/**
 * A dialog showing the camera; each code it reads goes to `onCode` (as a scanner's would).
 * Mounted only while open: the camera runs exactly as long as the dialog is shown.
 */
export function CameraScanner({
  onClose,
  onCode,
}: {
  onClose: () => void;
  onCode: (code: string) => void;
}) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>("starting");
  const [lastCode, setLastCode] = useState<string | null>(null);
  const read = useEffectEvent((code: string) => onCode(code));

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { code: "", at: 0 };
    void (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState("unavailable");
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: "environment" } },
          audio: false,
        });
      } catch (error) {
        if (!stopped) {
          setState(
            error instanceof DOMException && error.name === "NotAllowedError"
              ? "denied"
              : "unavailable",
          );
        }
        return;
      }
      const element = video.current;
      if (stopped || !element) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      let decode: Decoder;
      try {
        decode = await makeDecoder();
      } catch {
        if (!stopped) setState("unavailable");
        return;
      }
      if (stopped) return;
      setState("running");
      const tick = async () => {
        if (stopped) return;
        const code = await decode(element).catch(() => null);
        const now = Date.now();
        if (code && (code !== last.code || now - last.at > REPEAT_MS)) {
          last = { code, at: now };
          setLastCode(code);
          read(code);
        }
        if (!stopped) timer = setTimeout(() => void tick(), FRAME_MS);
      };
      void tick();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <TillDialog open onClose={onClose} title={t("shops.sell.camera.title")} testId="till-camera">
      <div className="till-camera">
        {state === "denied" || state === "unavailable" ? (
          <div className="alert alert-warning" role="alert">
            {t(state === "denied" ? "shops.sell.camera.denied" : "shops.sell.camera.unavailable")}
          </div>
        ) : (
          <>
            <p className="small mb-2" role="status">
              {state === "starting" ? t("shops.sell.camera.starting") : t("shops.sell.camera.hint")}
            </p>
            <video ref={video} muted playsInline />
            {lastCode && (
              <p className="mt-2 mb-0" role="status">
                {t("shops.sell.camera.read", { code: lastCode })}
              </p>
            )}
          </>
        )}
        <button type="button" className="btn btn-secondary till-btn mt-3" onClick={onClose}>
          {t("shops.sell.dialog.close")}
        </button>
      </div>
    </TillDialog>
  );
}
