import { promptPayPayload, promptPayQrSvg, type PromptPayId } from "~/modules/sales";

/*
 * The PromptPay QR of the payment screen, in its own chunk: the QR encoder (uqr) and the Thai
 * QR payload builder (promptparse) are about 9 KB of script that only a PromptPay payment uses.
 * The pay panel starts loading this file as it opens, so the QR is ready by the time the
 * cashier picks PromptPay.
 */

export interface PromptPayQr {
  payload: string;
  svg: string;
}

export function promptPayQr(id: PromptPayId, amountSatang: number): PromptPayQr {
  const payload = promptPayPayload(id, amountSatang);
  return { payload, svg: promptPayQrSvg(payload, 360) };
}
