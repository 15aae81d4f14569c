/** What a transport reports once connected; kept to reconnect without asking again. */
export interface PrinterInfo {
  type: "usb" | "serial" | "bluetooth";
  productName?: string;
  manufacturerName?: string;
  serialNumber?: string;
  vendorId?: number | null;
  productId?: number | null;
  name?: string;
  id?: string;
}

export interface ReceiptPrinterTransport {
  connect(): Promise<void>;
  reconnect(info: PrinterInfo): Promise<void>;
  disconnect(): Promise<void>;
  print(bytes: Uint8Array): Promise<void>;
  addEventListener(event: "connected", listener: (info: PrinterInfo) => void): void;
  addEventListener(event: "disconnected", listener: () => void): void;
}
