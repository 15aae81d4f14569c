import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
// Vite copies the .wasm into our build and gives its URL on our own origin: zxing-wasm's
// default would fetch it from a CDN (jsDelivr), which the till must never depend on.
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";

/*
 * The camera decoder for browsers without BarcodeDetector (Firefox, Safari before 17,
 * desktop Chrome on Linux). This file is imported only when the camera opens, so its
 * JavaScript and its WebAssembly never weigh on the till's first load.
 */

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) =>
      path.endsWith(".wasm") ? wasmUrl : prefix + path,
  },
});

/** The first retail or shop barcode in a video frame, or null. */
export async function decodeFrame(image: ImageData): Promise<string | null> {
  const [found] = await readBarcodes(image, {
    formats: ["EAN13", "EAN8", "UPCA", "UPCE", "Code128", "Code39", "QRCode"],
    tryHarder: true,
    maxNumberOfSymbols: 1,
  });
  return found?.isValid ? found.text : null;
}
